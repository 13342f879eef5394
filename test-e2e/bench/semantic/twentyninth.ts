/**
 * twentyninth set, written 2026-11-27 blind by a helper. Style: a mixed directory like a real paid-API
 * registry a year from now, spanning common data APIs (weather, maps, finance, company, people, news, sports),
 * AI compute (text, image, audio, video, embeddings), web tools (scrape, search, screenshots, PDFs), identity
 * and messaging, crypto, and commerce and logistics. Needs come from many kinds of writers at once: terse
 * agent tool queries, full-sentence user questions and occasional domain jargon, with roughly a third phrased
 * indirectly (the user describes their situation rather than the service they need).
 */
export const TWENTYNINTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  // --- weather ---
  [
    "j-weather-forecast",
    "SkyCast Forecast API",
    "Hourly and 14-day forecasts for any latitude/longitude: temperature, precipitation probability, wind, and severe-weather alerts. JSON responses, global coverage.",
    "data.weather",
  ],
  [
    "j-weather-forecast-alt",
    "Meteora Outlook",
    "Predictive meteorology endpoint returning upcoming conditions by coordinates or city name, including rain chance, storm warnings and gusts, up to two weeks ahead.",
    "data.weather",
  ],
  [
    "j-weather-history",
    "ClimaVault Historical Observations",
    "Archived weather station observations back to 1970: daily and hourly temperature, rainfall, snowfall, hail reports and wind for any past date and location.",
    "data.weather",
  ],
  [
    "j-air-quality",
    "BreatheIndex AQI",
    "Current and forecast air quality index with PM2.5, PM10, ozone, and pollen levels, plus wildfire smoke plumes, for any point worldwide.",
    "data.weather",
  ],
  // --- maps ---
  [
    "j-geocode",
    "PinPoint Geocoder",
    "Convert street addresses into latitude/longitude coordinates and back again. Batch endpoint accepts up to 10,000 addresses per request.",
    "data.maps",
  ],
  [
    "j-geocode-alt",
    "AddressToCoords",
    "Forward and reverse geocoding: send a postal address, receive a rooftop-accurate lat/lng with a normalized address and confidence score.",
    "data.maps",
  ],
  [
    "j-routing",
    "RouteWise Directions",
    "Turn-by-turn driving, cycling and walking directions with traffic-aware ETAs, plus travel-time matrices between many origins and destinations.",
    "data.maps",
  ],
  [
    "j-places",
    "Nearby Places Search",
    "Search points of interest such as restaurants, cafes, pharmacies and clinics around a location, with opening hours, ratings and categories.",
    "data.maps",
  ],
  // --- finance ---
  [
    "j-stock-quotes",
    "TickerTape Market Data",
    "Real-time and end-of-day equity prices for US and global exchanges: last trade, open, high, low, close, volume and daily change per symbol.",
    "data.finance",
  ],
  [
    "j-fx-rates",
    "FXNow Currency Rates",
    "Live and historical foreign exchange rates for 170 currencies, with a conversion endpoint for any amount between two currencies.",
    "data.finance",
  ],
  [
    "j-sec-filings",
    "EdgarParse",
    "Structured access to SEC EDGAR: 10-K, 10-Q, 8-K and insider trading forms, parsed into sections and tables, searchable by ticker or CIK.",
    "data.finance",
  ],
  [
    "j-sales-tax",
    "TaxRate Engine",
    "Calculates US sales tax and EU/UK VAT for a transaction based on ship-to address, product type and nexus, returning the rate and amount to collect.",
    "data.finance",
  ],
  // --- company and people ---
  [
    "j-company-enrich",
    "Firmographic Lookup",
    "Send a company domain and get back headcount, industry, founding year, headquarters, revenue band and tech stack for B2B lead enrichment.",
    "data.company",
  ],
  [
    "j-company-registry",
    "OpenRegister Check",
    "Query official government business registers (UK Companies House, EU commercial registers, US state filings) for legal status, registration number, officers and filing history.",
    "data.company",
  ],
  [
    "j-person-enrich",
    "ProfileMatch",
    "Resolve an email address to a person profile: full name, current job title, employer, location and social profile URLs.",
    "data.people",
  ],
  [
    "j-email-finder",
    "MailHunter",
    "Find the likely professional email address of someone from their full name and company domain, with a verification status for each guess.",
    "data.people",
  ],
  // --- news, sports, misc data ---
  [
    "j-news-search",
    "NewsWire Search",
    "Full-text search across 80,000 online news publishers, filterable by keyword, date, language, source and sentiment. Updated every five minutes.",
    "data.news",
  ],
  [
    "j-sports-scores",
    "LiveScore Feed",
    "Live scores, play-by-play, fixtures and standings for football, basketball, American football, baseball, hockey and tennis leagues.",
    "data.sports",
  ],
  [
    "j-sports-odds",
    "OddsBoard",
    "Aggregated betting lines from 40+ bookmakers: moneylines, spreads and totals for upcoming and in-play games, with line movement history.",
    "data.sports",
  ],
  [
    "j-holidays",
    "Holiday Calendar API",
    "Public holidays, bank closures and observances for 200 countries and their regions, for any year.",
    "data.other",
  ],
  [
    "j-vin-decode",
    "VIN Decoder Pro",
    "Decode a 17-character vehicle identification number into make, model, year, trim, engine and plant of manufacture.",
    "data.other",
  ],
  [
    "j-flight-status",
    "AeroTrack Flight Status",
    "Real-time status for commercial flights by flight number or route: departure and arrival times, delays, gates, cancellations and live aircraft position.",
    "data.other",
  ],
  [
    "j-papers",
    "ScholarIndex",
    "Search 200 million scholarly articles and preprints by topic, author or DOI, returning abstracts, citations and open-access PDF links.",
    "data.science",
  ],
  [
    "j-census",
    "CensusStats",
    "US Census Bureau and American Community Survey figures by ZIP code, county or tract: population, median income, age, housing and education.",
    "data.government",
  ],
  [
    "j-ip-geo",
    "IPInsight",
    "Look up an IP address for country, city, ASN and ISP, with flags for VPN, proxy, Tor and hosting-provider traffic.",
    "data.other",
  ],
  [
    "j-whois",
    "DomainScope WHOIS",
    "WHOIS and RDAP lookup for any domain: registrar, creation and expiry dates, nameservers and whether the name is currently registered. Lookup only; does not register domains.",
    "data.other",
  ],
  // --- AI compute ---
  [
    "j-llm-chat",
    "Quill LLM",
    "Hosted large language model for chat completions: summarization, drafting, rewriting, extraction and question answering over supplied text. OpenAI-compatible endpoint.",
    "compute.inference",
  ],
  [
    "j-embeddings",
    "VectorForge Embeddings",
    "Turn text into dense embedding vectors (1024 dimensions) for semantic search, clustering and retrieval-augmented generation. Batch up to 2,048 inputs per call.",
    "compute.inference",
  ],
  [
    "j-translate",
    "PolyglotMT",
    "Neural machine translation between 130 languages, with glossary support and placeholder-safe handling of software localization strings.",
    "compute.inference",
  ],
  [
    "j-moderation",
    "SafeGuard Moderation",
    "Classifies text and images for hate speech, harassment, sexual content, violence and self-harm, returning per-category scores for automated filtering.",
    "compute.inference",
  ],
  [
    "j-image-gen",
    "DreamCanvas",
    "Text-to-image generation in photographic, illustrated and painterly styles, up to 2048x2048, with negative prompts and seed control.",
    "compute.image",
  ],
  [
    "j-bg-remove",
    "CutOut",
    "Automatically removes the background from a photo and returns a transparent PNG or the subject on a plain color, ideal for e-commerce product shots.",
    "compute.image",
  ],
  [
    "j-ocr",
    "DocReader OCR",
    "Extracts text and structured fields from scanned documents, receipts, invoices and forms, returning line items, totals, dates and vendor names as JSON.",
    "compute.image",
  ],
  [
    "j-transcribe",
    "Scribe Speech-to-Text",
    "Transcribes audio and video files into timestamped text with speaker diarization in 60 languages. Supports files up to 4 hours.",
    "compute.audio",
  ],
  [
    "j-transcribe-alt",
    "VoiceLedger ASR",
    "Automatic speech recognition API: upload recordings of meetings, calls or interviews and receive a written transcript labelled by speaker.",
    "compute.audio",
  ],
  [
    "j-tts",
    "Narrate TTS",
    "Converts text into lifelike spoken audio with 300 voices across accents and languages, output as MP3 or WAV, with SSML support.",
    "compute.audio",
  ],
  [
    "j-video-gen",
    "MotionForge",
    "Generates short video clips (up to 10 seconds, 1080p) from a text prompt or a still image, with camera motion controls.",
    "compute.other",
  ],
  [
    "j-code-sandbox",
    "SandboxRun",
    "Executes Python, JavaScript and shell code in isolated, ephemeral micro-VMs and returns stdout, stderr, exit code and generated files.",
    "compute.code",
  ],
  // --- web tools ---
  [
    "j-serp",
    "SERPstack Live",
    "Returns Google and Bing results pages as JSON for any query: organic links, snippets, ads, people-also-ask and knowledge panel, by country and language.",
    "web.search",
  ],
  [
    "j-serp-alt",
    "QueryPulse Search API",
    "Programmatic web search: submit keywords and get ranked result titles, URLs and descriptions from major engines, localized to any market.",
    "web.search",
  ],
  [
    "j-scrape",
    "ScrapeShield",
    "Fetch any URL through rotating residential proxies with headless JavaScript rendering and anti-bot bypass, returning the final HTML or extracted data.",
    "web.scrape",
  ],
  [
    "j-scrape-alt",
    "HarvestBot Extractor",
    "Web data extraction service that loads pages like a real visitor, solves CAPTCHAs and returns clean page content, with scheduled crawls.",
    "web.scrape",
  ],
  [
    "j-screenshot",
    "SnapShot URL",
    "Capture a screenshot of any web page as PNG, JPEG or WebP, full-page or viewport, with custom width, device emulation and ad blocking.",
    "web.browser",
  ],
  [
    "j-html-to-pdf",
    "PaperPress",
    "Render HTML templates or URLs into print-ready PDF documents with headers, footers, page numbers and custom page sizes.",
    "web.browser",
  ],
  [
    "j-headless-browser",
    "AgentBrowser Cloud",
    "Remote Chromium sessions that AI agents drive over CDP or Playwright: navigate, click, type, and log in, with session recording and persistent profiles.",
    "web.browser",
  ],
  [
    "j-file-host",
    "DropVault Storage",
    "Object storage for files of any size with resumable uploads and signed download URLs that expire after a chosen time.",
    "storage.files",
  ],
  // --- identity and messaging ---
  [
    "j-email-verify",
    "BounceGuard",
    "Validates email addresses in real time or in bulk: syntax, MX records, mailbox existence, disposable and catch-all detection.",
    "identity.email",
  ],
  [
    "j-email-verify-alt",
    "ListClean",
    "Email list hygiene service that flags invalid, risky and throwaway addresses before you hit send, to protect deliverability.",
    "identity.email",
  ],
  [
    "j-send-email",
    "PostRelay",
    "Transactional email delivery via REST or SMTP for receipts, password resets and notifications, with templates, open tracking and bounce webhooks.",
    "identity.email",
  ],
  [
    "j-sms",
    "TextBlast SMS",
    "Send SMS and one-time passcodes to mobile numbers in 190 countries, with delivery receipts and two-way messaging.",
    "communication.sms",
  ],
  [
    "j-phone-lookup",
    "NumberIntel",
    "Phone number intelligence: validity, line type (mobile, landline, VoIP), carrier name, porting status and country for any number.",
    "communication.sms",
  ],
  [
    "j-kyc-id",
    "VerifyMe ID",
    "Identity verification for onboarding: scans passports, driver's licenses and national ID cards, checks authenticity and matches the holder with a live selfie.",
    "identity.kyc",
  ],
  [
    "j-sanctions",
    "WatchlistScreen",
    "Screens people and businesses against global sanctions lists (OFAC, UN, EU, UK HMT), politically exposed persons and adverse media.",
    "identity.kyc",
  ],
  // --- crypto ---
  [
    "j-crypto-prices",
    "CoinPulse Prices",
    "Spot prices, market caps and 24h volume for 15,000 cryptocurrencies, aggregated across centralized and decentralized exchanges.",
    "data.crypto",
  ],
  [
    "j-crypto-prices-alt",
    "TokenTicker",
    "Live token valuations in USD and 40 fiat currencies, with OHLC candles and historical charts for coins listed on major exchanges.",
    "data.crypto",
  ],
  [
    "j-wallet-balances",
    "ChainLens Portfolio",
    "Returns token holdings, NFTs and transaction history for any wallet address across Ethereum, Base, Arbitrum, Polygon, Solana and 20 more chains.",
    "data.crypto",
  ],
  // --- commerce and logistics ---
  [
    "j-shipping-rates",
    "ShipCompare Labels",
    "Compare parcel rates from USPS, UPS, FedEx, DHL and Canada Post for a package's weight and dimensions, then buy and print the shipping label.",
    "commerce.shipping",
  ],
  [
    "j-package-tracking",
    "TrackAll",
    "Unified parcel tracking across 1,200 carriers: submit a tracking number and get the current status, location history and estimated delivery date.",
    "commerce.shipping",
  ],
  [
    "j-package-tracking-alt",
    "WhereIsIt Parcel Status",
    "Shipment status lookups for any courier worldwide, with automatic carrier detection from the tracking code and webhook updates on each scan.",
    "commerce.shipping",
  ],
  [
    "j-product-search",
    "PriceScout",
    "Search a catalog of products from thousands of online retailers by name, UPC or EAN, returning current prices, availability and seller links.",
    "commerce.products",
  ],
];

/** Near-duplicate competitor key -> the key of the listing it competes with (both serve the same needs). */
export const TWENTYNINTH_DUPLICATES: Record<string, string> = {
  "j-weather-forecast-alt": "j-weather-forecast",
  "j-geocode-alt": "j-geocode",
  "j-transcribe-alt": "j-transcribe",
  "j-serp-alt": "j-serp",
  "j-scrape-alt": "j-scrape",
  "j-email-verify-alt": "j-email-verify",
  "j-crypto-prices-alt": "j-crypto-prices",
  "j-package-tracking-alt": "j-package-tracking",
};

/** [need, key of the listing that serves it] (its duplicate counts as serving it too). */
export const TWENTYNINTH_NEEDS: [need: string, key: string][] = [
  ["will it rain in Lisbon tomorrow afternoon", "j-weather-forecast"],
  [
    "I'm planning a hike in the Dolomites this weekend and want to know whether thunderstorms are likely on Saturday.",
    "j-weather-forecast",
  ],
  [
    "Our insurance adjuster has to confirm whether hail actually fell at a client's address on a particular day last spring.",
    "j-weather-history",
  ],
  [
    "My kid has asthma and there's wildfire smoke around - is it OK for her to play outside today?",
    "j-air-quality",
  ],
  [
    "I have a spreadsheet of 4,000 customer street addresses and want to drop them as pins on a map.",
    "j-geocode",
  ],
  ["pairwise drive durations between 12 depots and 300 delivery stops to feed a VRP solver", "j-routing"],
  ["coffee shops open right now within walking distance of Union Square", "j-places"],
  [
    "My dad keeps asking me how his Tesla and Nvidia shares did today; I want a bot that can just tell him.",
    "j-stock-quotes",
  ],
  [
    "I'm invoicing a client in Canada and need to know what my dollar amount comes to in their money.",
    "j-fx-rates",
  ],
  ["pull the risk factors section from Microsoft's most recent annual report to the SEC", "j-sec-filings"],
  ["how much tax should I add to an $80 order being shipped to Seattle 98101", "j-sales-tax"],
  ["given acme.io, how many employees do they have and what sector are they in", "j-company-enrich"],
  [
    "Our signup form only collects a work email, and sales wants to know how big each new user's employer is and what it does, based on the email's domain.",
    "j-company-enrich",
  ],
  ["check whether a UK limited company is still active and who its directors are", "j-company-registry"],
  [
    "A supplier sent us an invoice from a German GmbH we've never heard of, and I want to confirm it legally exists.",
    "j-company-registry",
  ],
  ["who is jane.doe@stripe.com - what's her role and where's her LinkedIn", "j-person-enrich"],
  [
    "I'm a recruiter with a candidate's name and current employer but no way to reach them directly.",
    "j-email-finder",
  ],
  ["latest reporting on the Boeing machinists strike", "j-news-search"],
  ["Lakers game score right now", "j-sports-scores"],
  ["When does Arsenal play next in the Premier League, and where are they in the table?", "j-sports-scores"],
  ["Chiefs vs Bills spread and moneyline across books", "j-sports-odds"],
  ["is May 1 a day off in Poland", "j-holidays"],
  [
    "We run payroll for staff in nine countries and need to avoid scheduling it on days when banks are closed.",
    "j-holidays",
  ],
  ["what car is 1HGCM82633A004352", "j-vin-decode"],
  ["Is UA 901 running late?", "j-flight-status"],
  [
    "My mom's plane from Frankfurt lands sometime tonight and I need to figure out when to leave for the airport.",
    "j-flight-status",
  ],
  [
    "My doctor suggested intermittent fasting, and I'd like to see what actual clinical research says about its effect on blood sugar.",
    "j-papers",
  ],
  ["median household income and population for ZIP 60614", "j-census"],
  ["what country is 203.0.113.45 coming from, and is it behind a VPN", "j-ip-geo"],
  ["is brightpebble.com already taken, and when does it expire", "j-whois"],
  ["condense this three-page contract into five plain-English bullet points", "j-llm-chat"],
  ["vectorize 50k product descriptions for cosine similarity search in pgvector", "j-embeddings"],
  ["put our app's UI strings into Japanese, Korean and Brazilian Portuguese", "j-translate"],
  [
    "People on our forum keep posting slurs and explicit pictures, and we can't review everything by hand.",
    "j-moderation",
  ],
  ["make a watercolor picture of a fox reading a book for a children's story", "j-image-gen"],
  [
    "I sell handmade jewelry on Etsy and my photos all have a messy kitchen counter behind the pieces.",
    "j-bg-remove",
  ],
  ["pull the totals and individual items out of photographed receipts for expense reports", "j-ocr"],
  ["turn my 2-hour podcast recording into text, noting who is talking when", "j-transcribe"],
  [
    "Our support team records customer calls and managers want a searchable written log of what people said.",
    "j-transcribe",
  ],
  ["read this blog post aloud in a natural British voice and give me an mp3", "j-tts"],
  ["create a 6-second clip of waves crashing at sunset from a prompt", "j-video-gen"],
  ["run an untrusted python snippet safely and give me back what it prints", "j-code-sandbox"],
  ["top 10 google results for 'best running shoes 2026'", "j-serp"],
  ["get the HTML of a JS-heavy page without getting blocked by Cloudflare", "j-scrape"],
  [
    "I'd like to check a competitor's online store every morning and pull their current prices off the pages.",
    "j-scrape",
  ],
  ["full-page PNG capture of a URL at 1440px width", "j-screenshot"],
  [
    "My app builds invoices as web templates, and customers want a printable file they can download.",
    "j-html-to-pdf",
  ],
  ["give my agent a real Chrome it can click around in and fill out forms", "j-headless-browser"],
  ["upload a 2GB video and get a share link that stops working after 48 hours", "j-file-host"],
  [
    "Half the addresses on our newsletter list bounce and our sender reputation is tanking.",
    "j-email-verify",
  ],
  ["send a password reset message to a user's inbox from my app backend", "j-send-email"],
  ["text a 6-digit login code to a mobile number", "j-sms"],
  [
    "Fraudsters keep signing up with internet-based numbers to abuse our free trial, and I want to catch them at registration.",
    "j-phone-lookup",
  ],
  [
    "We're launching a crypto exchange, and regulators require us to confirm each customer is who they claim to be using their passport.",
    "j-kyc-id",
  ],
  ["screen a counterparty name against the OFAC SDN list and PEP databases", "j-sanctions"],
  ["current price of SOL in USD", "j-crypto-prices"],
  ["what does 0x71C7656EC7ab88b098defB751B7401B5f6d8976F hold on Ethereum and Base", "j-wallet-balances"],
  [
    "cheapest way to send a 3 lb box from Austin to Toronto, and print what I stick on it",
    "j-shipping-rates",
  ],
  ["where is my UPS package 1Z999AA10123456784", "j-package-tracking"],
  ["compare what online stores are charging for Sony WH-1000XM5 headphones", "j-product-search"],
];

/** Needs that no listing in this file serves (an honest engine returns nothing). */
export const TWENTYNINTH_UNSERVED: string[] = [
  "book a table for four at an Italian restaurant Friday at 8pm",
  "register and pay for the domain brightpebble.io for two years",
  "place a market buy order for 10 shares of AMZN in my brokerage account",
  "swap 0.5 ETH for USDC on Uniswap from my wallet",
  "Book me the cheapest flight from Boston to Madrid next Tuesday.",
  "mail a printed postcard to a customer's home address",
  "I need an automated voice call that phones patients and reads out their appointment reminder.",
  "run a criminal background check on a job applicant in Texas",
  "what's the estimated market value of the house at 42 Elm St, Portland",
  "compose a 30-second royalty-free background music track for my product video",
  "file my quarterly VAT return with HMRC",
  "I'm applying for a mortgage and want to see my personal credit score.",
  "search registered trademarks for the word 'Lumio' before we launch",
  "find case law on enforceability of non-compete agreements in California courts",
  "calories and protein in 200g of cooked quinoa",
  "I need a certified human translation of my birth certificate for a visa application.",
  "high-resolution satellite imagery of my farm fields from last week",
  "buy two tickets to the Taylor Swift concert in Paris",
  "set up monthly subscription billing and charge customers' credit cards",
  "Our company needs to hire a contractor in Brazil and handle their payroll and local employment contract.",
];
