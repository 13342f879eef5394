/**
 * twentyseventh set, written 2026-11-27 blind by a helper. Style: engineers integrating paid APIs into
 * products; needs are phrased as capability requirements or integration tasks ("we need to validate customer
 * VAT IDs at checkout", "looking for something that returns driving time between two postcodes"), and listings
 * read like OpenAPI summaries and developer-portal blurbs. Spread across all categories, with a tilt toward
 * data enrichment, compute, identity and commerce.
 */
export const TWENTYSEVENTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "h-vat-check",
    "TaxID Validate API",
    "GET /vat/{number} checks an EU or UK VAT identification number against the VIES and HMRC registers and returns validity, the registered business name and address, and a consultation reference for audit.",
    "data.government",
  ],
  [
    "h-vies-proxy",
    "VIESgate",
    "Cached, highly available front for the EU VIES service: submit a member-state prefix and VAT number, receive whether it is currently registered plus the trader name and address on file. Retries automatically when national registers are down.",
    "data.government",
  ],
  [
    "h-route-matrix",
    "Matrix Routing API",
    "POST a list of origins and destinations (coordinates, addresses or postal codes) and get back a many-to-many table of road distances and drive durations, optionally traffic-aware for a given departure time.",
    "data.maps",
  ],
  [
    "h-geocode",
    "Geocoder v3",
    "Forward geocoding turns free-form addresses into latitude/longitude with a confidence score; reverse geocoding turns a coordinate pair into the closest formatted address. Batch endpoint accepts up to 10,000 rows.",
    "data.maps",
  ],
  [
    "h-locate-points",
    "PlaceResolve",
    "Address-to-coordinates and coordinates-to-address lookups with worldwide coverage, structured components (street, locality, postcode, country) and rooftop accuracy where available.",
    "data.maps",
  ],
  [
    "h-ip-intel",
    "IPinsight",
    "Look up any IPv4/IPv6 address for country, region, city, ASN and organisation, plus flags for hosting provider, VPN, Tor exit node and public proxy.",
    "data.other",
  ],
  [
    "h-email-verify",
    "MailProbe Verify",
    "Real-time email address verification: syntax, MX and SMTP mailbox checks, catch-all and role-account detection, and disposable-domain flagging. Single and bulk list endpoints.",
    "identity.email",
  ],
  [
    "h-inbox-check",
    "Deliverable.dev",
    "Tells you whether an email address will accept mail before you send: returns deliverable/risky/undeliverable, detects temporary and burner mail providers, and suggests typo fixes like gmial.com.",
    "identity.email",
  ],
  [
    "h-phone-intel",
    "NumberScope Lookup",
    "Validate and format phone numbers in E.164, and return line type (mobile, landline, VoIP, toll-free), current carrier and porting status, and country of registration.",
    "communication.sms",
  ],
  [
    "h-sms-send",
    "TextRelay Messaging",
    "Send transactional and notification SMS to 200+ countries through a single REST call, with sender ID, delivery receipts via webhook and per-message pricing.",
    "communication.sms",
  ],
  [
    "h-id-document",
    "VerifyFace IDV",
    "Identity verification SDK and API: capture a passport, driver's licence or national ID, check security features and MRZ, then match it against a live selfie with passive liveness detection. Returns an approve/decline decision.",
    "identity.kyc",
  ],
  [
    "h-sanctions-screen",
    "WatchlistScreen",
    "Screen individuals and companies against OFAC SDN, UN, EU and UK HMT sanctions lists, PEP databases and adverse media with configurable fuzzy matching. Supports ongoing monitoring with alerts on list changes.",
    "identity.kyc",
  ],
  [
    "h-aml-namecheck",
    "ComplyCheck AML",
    "Name-screening endpoint for compliance teams: submit a person or entity and get ranked hits from global sanctions and politically exposed person lists, with match scores and daily re-screening of your customer base.",
    "identity.kyc",
  ],
  [
    "h-fraud-score",
    "OrderGuard Risk",
    "Submit an order or payment attempt (email, IP, billing and shipping address, device, amount) and receive a 0-100 fraud risk score with reason codes to approve, review or reject before fulfilment.",
    "identity.kyc",
  ],
  [
    "h-company-enrich",
    "Firmographic Enrichment API",
    "Pass a company domain and receive firmographics: legal name, industry, employee count range, estimated annual revenue, HQ location, social profiles and detected technologies used on the website.",
    "data.company",
  ],
  [
    "h-domain-to-company",
    "CompanyLens",
    "Enrich B2B accounts from just a website URL: headcount, sector, revenue band, founding year, funding and the tech stack (analytics, CRM, hosting) the business runs.",
    "data.company",
  ],
  [
    "h-company-registry",
    "RegistryHub",
    "Query official company registers (UK Companies House, EU business registers and more) by name or registration number: incorporation date, legal status, registered office, officers and directors, and filing history.",
    "data.company",
  ],
  [
    "h-person-enrich",
    "ProfileMatch Person API",
    "Given an email address, return the person behind it: full name, current job title and employer, seniority, location and links to professional and social profiles.",
    "data.people",
  ],
  [
    "h-email-finder",
    "AddressHunter",
    "Find a professional's work email from their first name, last name and company domain. Uses pattern detection and SMTP verification and returns the best candidate with a confidence score.",
    "data.people",
  ],
  [
    "h-iban-check",
    "IBAN Toolkit",
    "Validate IBANs (checksum, country length and structure) and resolve the bank name, BIC/SWIFT code, branch and SEPA scheme reachability.",
    "data.finance",
  ],
  [
    "h-card-bin",
    "BINbase",
    "Look up the first 6-8 digits of a payment card (BIN/IIN) to get card brand, type (credit, debit, prepaid), level, issuing bank and issuing country.",
    "data.finance",
  ],
  [
    "h-fx-rates",
    "RateFeed FX",
    "Foreign exchange rates for 170 currencies: latest, historical daily rates back to 1999, time series and conversion endpoints, sourced from central banks and market data providers.",
    "data.finance",
  ],
  [
    "h-currency-convert",
    "Currencyly",
    "JSON API for currency conversion: live mid-market quotes updated every 60 seconds and a historical endpoint for any past date, for pricing pages and bookkeeping.",
    "data.finance",
  ],
  [
    "h-equity-quotes",
    "TickerStream Market Data",
    "Real-time and delayed quotes for US and international equities and ETFs, intraday and end-of-day OHLCV bars, and adjusted history for backtesting.",
    "data.finance",
  ],
  [
    "h-sales-tax",
    "TaxRate US",
    "Calculate US sales and use tax for a transaction from the ship-to address: returns combined rate with the state, county, city and special-district breakdown, and product taxability by category.",
    "data.government",
  ],
  [
    "h-holidays",
    "HolidayCal API",
    "Public and bank holidays for 230 countries and their subdivisions, by year, including observed dates and regional holidays. Useful for business-day calculations.",
    "data.government",
  ],
  [
    "h-ship-rates",
    "ShipBridge Multi-Carrier",
    "Rate-shop parcel shipments across UPS, FedEx, USPS, DHL Express and regional carriers with one request, then buy and download the shipping label (PDF/ZPL) for the rate you pick.",
    "commerce.shipping",
  ],
  [
    "h-label-api",
    "Postagely",
    "Parcel postage API: compare carrier prices for a package's weight and dimensions, purchase labels, create return labels and void unused ones.",
    "commerce.shipping",
  ],
  [
    "h-parcel-track",
    "TrackAll",
    "Universal shipment tracking for 1,000+ carriers: auto-detects the carrier from a tracking number, returns normalized checkpoint events and estimated delivery, and pushes status webhooks.",
    "commerce.shipping",
  ],
  [
    "h-address-verify",
    "AddressCleanse",
    "US and international postal address validation: CASS-certified standardization, ZIP+4, delivery point validation and a deliverability flag for each address.",
    "commerce.shipping",
  ],
  [
    "h-barcode-lookup",
    "GTIN Catalog API",
    "Look up UPC, EAN and GTIN barcodes to retrieve product name, brand, category, description, dimensions and images from a catalogue of over 500 million items.",
    "commerce.products",
  ],
  [
    "h-marketplace-prices",
    "PriceHistory for Amazon",
    "Historical and current pricing for Amazon listings across marketplaces: price charts, Buy Box owner, sales rank and deal alerts, queryable by product identifier.",
    "commerce.products",
  ],
  [
    "h-crypto-market",
    "CoinPulse API",
    "Spot prices, market cap, 24h volume and OHLC history for 10,000+ cryptocurrencies aggregated across exchanges, quoted in fiat or crypto.",
    "data.crypto",
  ],
  [
    "h-chain-wallet",
    "ChainLens Address API",
    "Query EVM chains (Ethereum, Polygon, Base, Arbitrum) for an address's native and token balances, ERC-20 and NFT holdings, and paginated transaction and transfer history.",
    "data.crypto",
  ],
  [
    "h-forecast",
    "SkyCast Forecast API",
    "Point forecasts for any coordinates: hourly for 48 hours and daily for 14 days, with temperature, precipitation probability and amount, wind, humidity and severe weather alerts.",
    "data.weather",
  ],
  [
    "h-air-quality",
    "BreatheIndex",
    "Current and forecast air quality by location: AQI plus pollutant concentrations (PM2.5, PM10, O3, NO2, SO2, CO) and pollen levels, with health recommendations.",
    "data.weather",
  ],
  [
    "h-news-feed",
    "NewsWire Search",
    "Search and stream news articles from 80,000 publishers in 40 languages by keyword, entity, source or topic, with publication timestamps, sentiment and full-text snippets.",
    "data.news",
  ],
  [
    "h-serp",
    "SERPstack Pro",
    "Structured search engine results pages as JSON: organic listings with positions, ads, featured snippets and local pack for Google and Bing, localized by country, language and device.",
    "web.search",
  ],
  [
    "h-scraper",
    "FetchFlow Scraping API",
    "One GET to fetch any URL through rotating residential proxies with headless JavaScript rendering, CAPTCHA handling and retries; returns raw HTML, markdown or extracted JSON.",
    "web.scrape",
  ],
  [
    "h-screenshot",
    "SnapURL",
    "Capture a website as a PNG, JPEG or WebP image: full-page or viewport, custom device sizes, ad and cookie banner blocking, and thumbnails hosted on a CDN.",
    "web.browser",
  ],
  [
    "h-cloud-browser",
    "Browserfleet",
    "Hosted headless Chrome instances you control over the Chrome DevTools Protocol from Playwright, Puppeteer or Selenium. Persistent contexts keep cookies and sessions; stealth mode and live view included.",
    "web.browser",
  ],
  [
    "h-html-pdf",
    "DocRender",
    "Render HTML, URLs or templates (Handlebars, Liquid) into print-ready PDFs with headers, footers, page numbers and custom paper sizes via a single POST.",
    "compute.other",
  ],
  [
    "h-pii-redact",
    "RedactIQ",
    "Detect and mask personally identifiable information in text: names, addresses, phone numbers, national ID numbers, payment card numbers and health data, with entity offsets and reversible tokenization.",
    "compute.other",
  ],
  [
    "h-doc-extract",
    "InvoiceParse AI",
    "Upload invoices, bills and receipts as PDF or image and get structured JSON: supplier, invoice number, dates, line items, tax amounts and totals, using OCR plus layout-aware models.",
    "compute.image",
  ],
  [
    "h-cutout",
    "ClearCut Background Removal",
    "Automatically remove the background from product, people or car photos and return a transparent PNG or a new solid/blurred backdrop. Processes images in about a second.",
    "compute.image",
  ],
  [
    "h-image-gen",
    "Imagine Diffusion API",
    "Text-to-image generation with state-of-the-art diffusion models: prompt, negative prompt, aspect ratio, style presets and seed control; returns image URLs.",
    "compute.image",
  ],
  [
    "h-speech-to-text",
    "Transcribe Cloud",
    "Asynchronous and streaming speech recognition in 50+ languages with speaker diarization, word-level timestamps, punctuation and SRT/VTT export.",
    "compute.audio",
  ],
  [
    "h-audio-transcripts",
    "ScribeAPI",
    "Send an audio or video file URL and receive an accurate transcript with per-word timing, speaker labels and caption files, priced per audio minute.",
    "compute.audio",
  ],
  [
    "h-voice-synth",
    "VoiceForge TTS",
    "Convert text or SSML into lifelike speech with 300+ neural voices across 40 languages; output MP3, WAV or streaming audio, plus custom voice cloning.",
    "compute.audio",
  ],
  [
    "h-llm-gateway",
    "ModelRouter",
    "OpenAI-compatible chat completions endpoint that routes to 100+ hosted large language models from multiple providers under one API key and one invoice, with fallbacks and usage analytics.",
    "compute.inference",
  ],
  [
    "h-embeddings",
    "VectorEmbed API",
    "Generate dense text embeddings for search, clustering and retrieval-augmented generation; multilingual models with 768-3072 dimensions and batch input.",
    "compute.inference",
  ],
  [
    "h-translate",
    "LinguaFlow Translation",
    "Neural machine translation for 130 languages with glossary support, formality control and HTML/XML tag preservation; translate strings or whole documents.",
    "compute.inference",
  ],
  [
    "h-moderation",
    "SafeGuard Moderation",
    "Classify text and images for harmful content: hate, harassment, sexual content, violence, self-harm and spam, with per-category scores and thresholds.",
    "compute.inference",
  ],
  [
    "h-code-sandbox",
    "Sandboxer",
    "Spin up isolated micro-VMs to run untrusted code (Python, JavaScript, Bash) generated by AI agents; execute, capture stdout/stderr and files, then tear down in milliseconds.",
    "compute.code",
  ],
  [
    "h-object-store",
    "BlobVault Storage",
    "S3-compatible object storage with presigned upload and download URLs, multipart uploads for large files, lifecycle rules and built-in CDN delivery.",
    "storage.files",
  ],
  [
    "h-live-scores",
    "ScoreLine Sports API",
    "Live scores, play-by-play events, fixtures, lineups and standings for football, basketball, tennis, cricket and more, with sub-10-second latency during matches.",
    "data.sports",
  ],
  [
    "h-vin-decode",
    "VINspect Decoder",
    "Decode a vehicle identification number into manufacturer, make, model, model year, trim, body style, engine, transmission and assembly plant.",
    "data.other",
  ],
  [
    "h-whois",
    "WhoisXtra",
    "Parsed WHOIS and RDAP records for any domain: registrar, registrant organisation (where public), creation and expiry dates, name servers and status codes.",
    "data.other",
  ],
  [
    "h-agent-memory",
    "Recall Memory Layer",
    "Long-term memory API for AI agents and assistants: store facts and conversation snippets per user, then retrieve the most relevant memories by semantic query at prompt time.",
    "agent.tools",
  ],
  [
    "h-paper-search",
    "ScholarIndex",
    "Search 200 million scholarly works by keyword or semantic query and retrieve metadata, abstracts, authors, DOIs, citation counts and open-access PDF links.",
    "data.science",
  ],
];

/** Near-duplicate competitor key -> the key of the listing it competes with (both serve the same needs). */
export const TWENTYSEVENTH_DUPLICATES: Record<string, string> = {
  "h-vies-proxy": "h-vat-check",
  "h-locate-points": "h-geocode",
  "h-inbox-check": "h-email-verify",
  "h-aml-namecheck": "h-sanctions-screen",
  "h-domain-to-company": "h-company-enrich",
  "h-currency-convert": "h-fx-rates",
  "h-label-api": "h-ship-rates",
  "h-audio-transcripts": "h-speech-to-text",
};

/** [need, key of the listing that serves it] (its duplicate counts as serving it too). */
export const TWENTYSEVENTH_NEEDS: [need: string, key: string][] = [
  [
    "At checkout, B2B buyers in the EU type in their tax registration number and we need to confirm it's live before we zero-rate the invoice",
    "h-vat-check",
  ],
  [
    "Our billing service should pull the officially registered trading name and address tied to a German USt-IdNr so invoices match",
    "h-vies-proxy",
  ],
  [
    "Need road travel times from each of our 12 depots to roughly 300 customer drop-offs so the dispatcher can assign the nearest van",
    "h-route-matrix",
  ],
  [
    "Convert the free-text street addresses stored in our CRM into lat/long so we can drop pins on a map",
    "h-geocode",
  ],
  [
    "Given a courier's current GPS position, show the nearest street address in human-readable form",
    "h-locate-points",
  ],
  [
    "Flag signups that come from data-center ranges or anonymizing VPN exits, and show which country the visitor is actually browsing from",
    "h-ip-intel",
  ],
  [
    "Before importing a purchased lead list into our ESP, we want to weed out mailboxes that would hard bounce",
    "h-email-verify",
  ],
  ["The signup form should reject throwaway inboxes like 10minutemail or guerrillamail", "h-inbox-check"],
  [
    "Is this customer's number a cell or a fixed line, and which network is it on? we only want to text mobiles",
    "h-phone-intel",
  ],
  [
    "Push a text to the recipient's mobile with the delivery window when the van leaves the depot",
    "h-sms-send",
  ],
  [
    "Neobank onboarding: the user photographs their passport and takes a selfie, and we need to know it's the same real person in front of the camera",
    "h-id-document",
  ],
  [
    "Check every new payee's name against OFAC, EU consolidated lists and politically exposed persons before releasing payouts",
    "h-sanctions-screen",
  ],
  [
    "Compliance wants all counterparties re-checked every night against government blacklists, tolerant of spelling variations in names",
    "h-aml-namecheck",
  ],
  [
    "Score each incoming webshop order for chargeback likelihood using buyer email, IP and shipping address before the warehouse ships it",
    "h-fraud-score",
  ],
  [
    "A lead form only gives us their work domain; fill in headcount, industry and approximate revenue so we can route to the right sales team",
    "h-company-enrich",
  ],
  [
    "Which SaaS tools and analytics scripts does a prospect's website run? we segment outbound campaigns by that",
    "h-domain-to-company",
  ],
  [
    "Pull the official incorporation date, current directors and filing history of a UK limited company from its registration number",
    "h-company-registry",
  ],
  [
    "Given the address someone signed up with, tell us their role, who they work for and their LinkedIn",
    "h-person-enrich",
  ],
  [
    "We know the prospect's first and last name and where they work; guess their corporate mailbox with some measure of certainty",
    "h-email-finder",
  ],
  [
    "Validate the bank account number a supplier enters for SEPA payouts and show the bank's name and SWIFT code",
    "h-iban-check",
  ],
  [
    "From the first six digits of a card, tell whether it's prepaid or debit and which country's bank issued it",
    "h-card-bin",
  ],
  ["Display prices in the shopper's local money using today's conversion from USD", "h-fx-rates"],
  [
    "Accounting needs the EUR to JPY rate on each invoice date for the past two years to reconcile payments",
    "h-currency-convert",
  ],
  [
    "Show the latest share price and daily change for NASDAQ tickers in our portfolio dashboard",
    "h-equity-quotes",
  ],
  [
    "Work out the combined state, county and city levy to add to an order being delivered to an address in Denver",
    "h-sales-tax",
  ],
  ["Which days are bank holidays in Singapore next year? our SLA timer shouldn't count them", "h-holidays"],
  [
    "Compare what UPS, FedEx and USPS would charge for a 3 lb box from Ohio to California and print the cheapest label",
    "h-ship-rates",
  ],
  [
    "Customers ask for a prepaid return slip they can stick on the box when sending an item back",
    "h-label-api",
  ],
  [
    "Customers paste in any courier's tracking code and we want to show where their package is right now",
    "h-parcel-track",
  ],
  [
    "Clean up and correct US mailing addresses before a catalog drop, and flag the ones the post office can't deliver to",
    "h-address-verify",
  ],
  ["Scan an EAN-13 on the warehouse floor and get the item's title, brand and photo", "h-barcode-lookup"],
  [
    "How has the price of this item on Amazon moved over the last 90 days? we want to alert buyers on drops",
    "h-marketplace-prices",
  ],
  ["Current USD value of ETH and SOL plus 24h trading volume for our treasury widget", "h-crypto-market"],
  [
    "List all token holdings and recent transfers for a given 0x wallet on Ethereum and Base",
    "h-chain-wallet",
  ],
  [
    "Hourly rain chance and temperature for the next five days at each of our outdoor event venues",
    "h-forecast",
  ],
  [
    "Warn runners in our fitness app when fine particulate and ozone levels are unhealthy where they are",
    "h-air-quality",
  ],
  ["Monitor press coverage mentioning our competitors' names published in the last 24 hours", "h-news-feed"],
  [
    "Get Google's organic ranking positions for a keyword as seen from a specific country to track our SEO",
    "h-serp",
  ],
  [
    "Pull product pages from a React-heavy storefront that keeps blocking our IPs and get the fully rendered markup back",
    "h-scraper",
  ],
  ["Generate a preview picture of every link users share in chat, capturing the whole page", "h-screenshot"],
  [
    "Our agent needs a remote Chrome it can drive with Playwright while keeping login cookies between runs",
    "h-cloud-browser",
  ],
  ["Turn our invoice template and order data into a printable A4 document to attach to emails", "h-html-pdf"],
  [
    "Mask names, social security numbers and credit card numbers in support chat logs before shipping them to analytics",
    "h-pii-redact",
  ],
  [
    "Pull vendor name, line items, VAT and totals out of scanned supplier bills into JSON for accounts-payable automation",
    "h-doc-extract",
  ],
  [
    "Seller-uploaded product photos need a clean transparent backdrop before they go on the listing page",
    "h-cutout",
  ],
  ["Create an illustrative header picture from a one-line description for each blog post", "h-image-gen"],
  ["Turn recorded customer support calls into text with who-said-what separated", "h-speech-to-text"],
  ["Produce subtitles with timings for our uploaded podcast episodes", "h-audio-transcripts"],
  ["Read our articles aloud in a natural-sounding voice as MP3s for an audio edition", "h-voice-synth"],
  [
    "One endpoint where we can switch between GPT, Claude and Llama for chat without separate vendor contracts",
    "h-llm-gateway",
  ],
  [
    "Turn our help-center articles into vectors so pgvector can find the ones closest in meaning to a question",
    "h-embeddings",
  ],
  ["Localize our English product descriptions into German, French and Japanese automatically", "h-translate"],
  [
    "Automatically catch hate speech, nudity and gore in user comments and uploaded pictures before they go live",
    "h-moderation",
  ],
  [
    "Let our agent execute Python it writes itself in an isolated environment and return the output safely",
    "h-code-sandbox",
  ],
  [
    "Users upload multi-gigabyte videos straight from the browser; we need somewhere to put them with signed URLs",
    "h-object-store",
  ],
  ["Real-time goal and score updates for Premier League matches in progress", "h-live-scores"],
  [
    "From the 17-character chassis number, tell me the make, model year and engine of a used car listing",
    "h-vin-decode",
  ],
  ["Who owns this domain name and when does its registration lapse?", "h-whois"],
  [
    "Our assistant should remember each user's preferences across conversations; need a hosted store it can write facts to and recall by relevance",
    "h-agent-memory",
  ],
  [
    "Find peer-reviewed studies on CRISPR off-target effects with abstracts and how often they've been cited",
    "h-paper-search",
  ],
];

/** Needs that no listing in this file serves (an honest engine returns nothing). */
export const TWENTYSEVENTH_UNSERVED: string[] = [
  "Send a password-reset email from our own domain using a branded HTML template",
  "Actually charge the customer's card at checkout and handle 3-D Secure challenges",
  "Submit our quarterly EU One-Stop-Shop VAT return electronically to the tax authority",
  "Pull a consumer's credit report and FICO score, with their consent, for a lending decision",
  "Read a user's bank transactions through open banking after they link their account",
  "Get LTL freight quotes for palletized shipments between two distribution centers",
  "Place a market buy order for 10 shares of AAPL through a brokerage account",
  "Find the live departure status and gate of flight BA117",
  "Generate a ten-second video clip from a text prompt",
  "Identify which song is playing in a short audio recording",
  "Estimate the market value of a residential property from its street address",
  "Get the accident, odometer and title history report for a used car",
  "Send a contract out for legally binding e-signatures and track who has signed",
  "Register a new .com domain and set up its DNS records",
  "Place an automated outbound phone call that reads a verification code aloud to the user",
  "Pre-match betting odds from several bookmakers for tonight's NBA games",
  "Reserve a table for four at a restaurant on Friday at 8pm",
  "Find granted patents that cite a given patent number",
  "Observed hourly temperature and rainfall at a specific location on a date in 2015 for an insurance claim",
  "Run a scheduled job that calls our webhook every five minutes",
];
