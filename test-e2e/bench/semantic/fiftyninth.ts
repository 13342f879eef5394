/** fiftyninth set, written 2026-12-01 blind by a helper. Style: a general x402-style marketplace mix (weather, markets, crypto on-chain data, maps, news, web search and scraping, LLM and vision inference, identity and email checks, shipping, SMS, file storage, agent tools), needs written as an autonomous agent's inner planning step before it spends money ('I need to … so that …'). */
export const FIFTYNINTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "xx-forecast-hourly",
    "SkyCast Forecast API",
    "Hourly and 16-day daily forecasts for any latitude/longitude: temperature, precipitation probability, wind speed and gusts, cloud cover, UV index. JSON, metric or imperial units.",
    "data.weather",
  ],
  [
    "xx-forecast-hourly-alt",
    "Meteo Point Forecast",
    "Point forecasts worldwide from blended global models. Send coordinates, get the next 48 hours hour-by-hour plus a two-week daily outlook (highs/lows, rain chance, wind).",
    "data.weather",
  ],
  [
    "xx-air-quality",
    "BreatheIndex Air Quality",
    "Current and forecast Air Quality Index with PM2.5, PM10, ozone, NO2, SO2 and CO concentrations. Station data and modelled grid coverage for 100+ countries.",
    "data.weather",
  ],
  [
    "xx-weather-archive",
    "ClimaVault Historical Weather",
    "Observed weather back to 1940 from reanalysis and station records. Query daily or hourly temperature, rainfall, snowfall and wind for any location and date range; CSV or JSON.",
    "data.weather",
  ],
  [
    "xx-stock-quotes",
    "TickerLive Equities",
    "Real-time and delayed quotes for US and major international stock exchanges: last trade, bid/ask, volume, day range, plus intraday OHLC bars from 1-minute up.",
    "data.finance",
  ],
  [
    "xx-fx-rates",
    "FXRate Feed",
    "Mid-market exchange rates for 170 currencies, updated every 60 seconds, with historical daily rates since 1999 and a conversion endpoint.",
    "data.finance",
  ],
  [
    "xx-fx-rates-alt",
    "Conversa Currency",
    "Convert between world currencies at live and past rates. Pay per call, no subscription; returns rate, timestamp and source.",
    "data.finance",
  ],
  [
    "xx-earnings-calendar",
    "EarningsWatch",
    "Upcoming and past quarterly earnings report dates for listed companies, with consensus EPS and revenue estimates, reported actuals and surprise percentage.",
    "data.finance",
  ],
  [
    "xx-sec-filings",
    "EdgarStream Filings",
    "Full-text search and structured access to SEC EDGAR filings: 10-K, 10-Q, 8-K, S-1 and Form 4 insider trades. Returns filing metadata, parsed sections and XBRL financial facts.",
    "data.finance",
  ],
  [
    "xx-wallet-balances",
    "ChainLens Balances",
    "Native and ERC-20 token balances for any address across Ethereum, Base, Arbitrum, Optimism, Polygon and BNB Chain, with USD valuation per holding.",
    "data.crypto",
  ],
  [
    "xx-wallet-balances-alt",
    "Portfolio RPC",
    "One call returns every fungible token an EVM wallet holds on 12 chains, with amounts, decimals and current fiat value. Spam tokens filtered out.",
    "data.crypto",
  ],
  [
    "xx-dex-price",
    "PoolPrice Oracle",
    "Spot price, 24h volume and liquidity for any token by contract address, aggregated from Uniswap, Aerodrome, PancakeSwap and other DEX pools. Covers long-tail tokens minutes after launch.",
    "data.crypto",
  ],
  [
    "xx-tx-decoder",
    "TxExplain",
    "Turn a raw transaction hash into a human-readable summary: contract calls decoded against verified ABIs, token transfers, swaps, approvals and net balance changes per address.",
    "data.crypto",
  ],
  [
    "xx-gas-oracle",
    "GasNow Estimator",
    "Current base fee and priority-fee recommendations (slow / standard / fast) for Ethereum mainnet and major L2s, with predicted confirmation times.",
    "data.crypto",
  ],
  [
    "xx-nft-metadata",
    "MintScope NFT API",
    "NFT ownership, token metadata, trait rarity and collection floor prices for Ethereum, Base and Solana. Look up by wallet, collection or token ID.",
    "data.crypto",
  ],
  [
    "xx-geocode",
    "AddressPin Geocoder",
    "Forward and reverse geocoding: convert a street address into latitude/longitude and back, with normalized address components and a confidence score. Global coverage.",
    "data.maps",
  ],
  [
    "xx-geocode-alt",
    "LocateIt",
    "Send any postal address or place string, receive coordinates and a structured, standardized address. Reverse lookups from coordinates supported.",
    "data.maps",
  ],
  [
    "xx-routing",
    "RouteMatrix Directions",
    "Turn-by-turn driving, cycling and walking directions with distance, travel time and live-traffic ETA. Includes a distance-matrix endpoint for up to 100x100 origins and destinations.",
    "data.maps",
  ],
  [
    "xx-places-nearby",
    "NearbyPOI Search",
    "Find points of interest around a coordinate by category or keyword (restaurants, pharmacies, fuel stations, hotels) with opening hours, ratings, phone numbers and websites.",
    "data.maps",
  ],
  [
    "xx-ip-geolocation",
    "IPWhere",
    "IP address to country, region, city, ASN, ISP and approximate coordinates. Flags VPN, proxy and Tor exit nodes. IPv4 and IPv6.",
    "data.maps",
  ],
  [
    "xx-timezone",
    "ZoneClock API",
    "Time zone for any coordinate: IANA zone ID, current UTC offset, DST status and local time. Handles historical offset changes.",
    "data.maps",
  ],
  [
    "xx-news-search",
    "Newswire Search",
    "Search articles from 80,000 news outlets in 40 languages, from five minutes to five years old. Returns headline, snippet, source, author, publish time and entity tags.",
    "data.news",
  ],
  [
    "xx-live-scores",
    "Pitchside Scores",
    "Live football (soccer) match scores, goal events, lineups, fixtures and league standings for 900+ competitions, updated within seconds.",
    "data.sports",
  ],
  [
    "xx-company-enrich",
    "FirmoGraph",
    "Send a company domain, get firmographics: legal name, industry, employee headcount range, founding year, HQ location, tech stack and social profiles.",
    "data.company",
  ],
  [
    "xx-people-enrich",
    "ProspectIQ Person Lookup",
    "Enrich a person from a work email or profile URL: full name, current job title, employer, seniority, location and career history.",
    "data.people",
  ],
  [
    "xx-paper-search",
    "ScholarGraph",
    "Search 200M+ scholarly works: titles, abstracts, authors, venues, citation counts, references and open-access PDF links. DOI lookup included.",
    "data.science",
  ],
  [
    "xx-public-holidays",
    "HolidayCal",
    "Official public and bank holidays for 230 countries and their subdivisions, past and future years, with observed-date rules.",
    "data.government",
  ],
  [
    "xx-llm-chat",
    "Inferno Chat Completions",
    "OpenAI-compatible chat completions endpoint hosting Llama, Mistral, Qwen and DeepSeek text models. Pay per token in USDC; streaming and tool calling supported.",
    "compute.inference",
  ],
  [
    "xx-llm-chat-alt",
    "TokenPay LLM Gateway",
    "Text generation from open-weight large language models behind one /v1/chat/completions API. No account needed: each request is settled per call.",
    "compute.inference",
  ],
  [
    "xx-embeddings",
    "VectorForge Embeddings",
    "Dense text embeddings (384 to 3072 dimensions) for semantic search, clustering and RAG. Batch up to 2,048 inputs per request.",
    "compute.inference",
  ],
  [
    "xx-doc-translate",
    "LinguaDoc Translate",
    "Translate whole DOCX, PPTX, XLSX and PDF files between 30 languages while preserving layout, tables and fonts. Returns the translated file.",
    "compute.inference",
  ],
  [
    "xx-image-generate",
    "PixelDream",
    "Text-to-image generation with SDXL and Flux models. Choose aspect ratio, style preset and seed; returns PNG URLs in under 5 seconds.",
    "compute.image",
  ],
  [
    "xx-ocr",
    "ScanText OCR",
    "Extract printed and handwritten text from images and scanned PDFs, with bounding boxes and layout. Specialised parsers for receipts and invoices return totals, dates and line items.",
    "compute.image",
  ],
  [
    "xx-background-remove",
    "CutOut API",
    "Remove the background from product photos, portraits and logos. Returns a transparent PNG or a cut-out on a solid colour of your choice.",
    "compute.image",
  ],
  [
    "xx-image-tagging",
    "VisionLabel",
    "Image understanding: object detection, scene labels, dominant colours, auto-generated captions and safe-for-work moderation scores.",
    "compute.image",
  ],
  [
    "xx-speech-to-text",
    "Transcribe.fast",
    "Speech-to-text for audio and video files in 50+ languages with word timestamps, speaker diarization and punctuation. Whisper-large based.",
    "compute.audio",
  ],
  [
    "xx-text-to-speech",
    "VoiceMint TTS",
    "Natural-sounding text-to-speech in 120 voices and 30 languages. SSML support, MP3/WAV/OGG output.",
    "compute.audio",
  ],
  [
    "xx-code-sandbox",
    "RunBox Sandbox",
    "Execute Python, JavaScript or Bash in an isolated, ephemeral container. Upload files, install pip/npm packages, get stdout, stderr and generated artefacts back.",
    "compute.code",
  ],
  [
    "xx-html-to-pdf",
    "PrintPress PDF",
    "Render HTML/CSS or a URL into a print-ready PDF with headers, footers, page numbers and custom paper sizes. Chromium engine.",
    "compute.other",
  ],
  [
    "xx-web-search",
    "SerpQuick",
    "Real-time Google-quality web search results as JSON: organic results, snippets, knowledge panel, People Also Ask and related searches. Country and language targeting.",
    "web.search",
  ],
  [
    "xx-web-search-alt",
    "OpenIndex Search API",
    "Query an independent web index and get ranked pages with titles, URLs and descriptions. Fresh crawl, no tracking, per-query pricing.",
    "web.search",
  ],
  [
    "xx-page-markdown",
    "ReadClean Extract",
    "Fetch any URL and get the main content as clean Markdown or plain text, with boilerplate, navigation and ads stripped. Handles JavaScript-rendered pages.",
    "web.scrape",
  ],
  [
    "xx-screenshot",
    "SnapShot URL",
    "Capture full-page or viewport screenshots of any website as PNG, JPEG or WebP. Set device size, dark mode and delay, and block cookie banners.",
    "web.browser",
  ],
  [
    "xx-browser-session",
    "PilotBrowser",
    "Cloud-hosted headless Chrome sessions controllable via CDP or Playwright. Stealth fingerprints, residential proxies and persistent cookies for logged-in workflows.",
    "web.browser",
  ],
  [
    "xx-id-verify",
    "VeriDoc KYC",
    "Identity document verification for passports, driving licences and national ID cards from 190 countries, with selfie face-match and liveness detection.",
    "identity.kyc",
  ],
  [
    "xx-sanctions-screen",
    "WatchList Screen",
    "Screen names of people and companies against OFAC, UN, EU and UK sanctions lists plus PEP databases. Fuzzy matching with match scores; lists updated daily.",
    "identity.kyc",
  ],
  [
    "xx-phone-lookup",
    "NumberIntel",
    "Phone number validation and intelligence: E.164 formatting, country, carrier, line type (mobile, landline, VoIP) and whether the number is currently reachable.",
    "identity.kyc",
  ],
  [
    "xx-email-verify",
    "MailCheck Verify",
    "Check whether an email address is deliverable: syntax, MX records, SMTP mailbox probe, disposable and role-account detection, catch-all flag.",
    "identity.email",
  ],
  [
    "xx-email-verify-alt",
    "Bounceless",
    "Clean your mailing list before you hit send. Each address gets a valid / invalid / risky verdict based on live mail-server checks.",
    "identity.email",
  ],
  [
    "xx-parcel-tracking",
    "TrackAll Parcels",
    "Unified package tracking for 1,200+ carriers including UPS, FedEx, DHL, USPS and national posts. Auto-detects the carrier from the tracking number; webhook on status change.",
    "commerce.shipping",
  ],
  [
    "xx-parcel-tracking-alt",
    "ShipTrace",
    "Give us a tracking code and we return the latest checkpoint, delivery estimate and full event history, whatever the courier.",
    "commerce.shipping",
  ],
  [
    "xx-shipping-rates",
    "RateCompare Shipping",
    "Compare shipping quotes across carriers for a parcel's weight, dimensions, origin and destination. Returns service levels, prices and transit days.",
    "commerce.shipping",
  ],
  [
    "xx-amazon-product",
    "MarketPulse Product Data",
    "Amazon product data by ASIN or keyword across 20 marketplaces: current price, Buy Box seller, rating, review count, bestseller rank and price history.",
    "commerce.products",
  ],
  [
    "xx-barcode-lookup",
    "UPCbase",
    "Look up products by UPC, EAN or ISBN barcode: product name, brand, category, images and description from a database of 500M items.",
    "commerce.products",
  ],
  [
    "xx-sms-send",
    "TextBlast SMS",
    "Send SMS to 200+ countries through one endpoint, with sender ID, delivery receipts and Unicode support. Pay per message.",
    "communication.sms",
  ],
  [
    "xx-voice-call",
    "CallBot Voice",
    "Place outbound phone calls that speak your text or play an audio file, with keypad (DTMF) input capture and call recording.",
    "communication.sms",
  ],
  [
    "xx-ipfs-pin",
    "PinVault IPFS",
    "Upload files and pin them to IPFS with redundant storage; returns the CID and a gateway URL. Files stay available as long as they are pinned.",
    "storage.files",
  ],
  [
    "xx-temp-share",
    "DropLink",
    "Upload a file up to 5 GB and get a download link that expires after a set time or number of downloads. Optional password protection.",
    "storage.files",
  ],
  [
    "xx-agent-memory",
    "Recall KV for Agents",
    "Persistent key-value and JSON document store for autonomous agents, scoped per wallet. Read and write state between runs, with TTL support.",
    "agent.tools",
  ],
  [
    "xx-scheduled-webhook",
    "LaterHook",
    "Schedule an HTTP request to fire at a specific time or on a cron expression, with retries and delivery logs. Handy for reminders and delayed jobs.",
    "agent.tools",
  ],
];

export const FIFTYNINTH_DUPLICATES: Record<string, string> = {
  "xx-forecast-hourly-alt": "xx-forecast-hourly",
  "xx-fx-rates-alt": "xx-fx-rates",
  "xx-wallet-balances-alt": "xx-wallet-balances",
  "xx-geocode-alt": "xx-geocode",
  "xx-llm-chat-alt": "xx-llm-chat",
  "xx-web-search-alt": "xx-web-search",
  "xx-email-verify-alt": "xx-email-verify",
  "xx-parcel-tracking-alt": "xx-parcel-tracking",
};

export const FIFTYNINTH_NEEDS: [need: string, wantedKey: string][] = [
  [
    "I need to know whether it's going to rain in Lisbon tomorrow afternoon so that I can tell the user to move the outdoor wedding photos indoors.",
    "xx-forecast-hourly",
  ],
  [
    "I need to find out how cold it will get overnight at the campsite this Friday so that I can recommend the right sleeping bag.",
    "xx-forecast-hourly",
  ],
  [
    "I need to find out how smoky and polluted the air in Delhi is right now so that I can advise whether an outdoor run is a bad idea.",
    "xx-air-quality",
  ],
  [
    "I need to know how much rain actually fell at the farm's location during last July so that I can back up a crop insurance claim.",
    "xx-weather-archive",
  ],
  [
    "I need the price Apple shares are changing hands at this minute so that I can judge whether the user's limit order is close to filling.",
    "xx-stock-quotes",
  ],
  [
    "I need to turn a 4,500 Swiss franc invoice into euros at today's value so that the expense report is accurate.",
    "xx-fx-rates",
  ],
  [
    "I need to know what one US dollar was worth in Japanese yen on 3 March 2015 so that I can restate an old purchase in the books.",
    "xx-fx-rates",
  ],
  [
    "I need to know when Nvidia announces its next quarterly results and what analysts expect per share so that I can warn the user about a volatile week.",
    "xx-earnings-calendar",
  ],
  [
    "I need to read the risk section of Tesla's latest annual report lodged with the US regulator so that I can summarise it for the investment memo.",
    "xx-sec-filings",
  ],
  [
    "I need to see which executives at a listed company have been selling their own stock, according to the official disclosures, so that I can flag it to the user.",
    "xx-sec-filings",
  ],
  [
    "I need to see which coins and stablecoins are sitting in our treasury address on Base and Arbitrum and what they add up to in dollars so that I can report net holdings.",
    "xx-wallet-balances",
  ],
  [
    "I need the current value of a memecoin that went live an hour ago, knowing only its contract, so that I can decide whether it's worth trading into.",
    "xx-dex-price",
  ],
  [
    "I need to understand what a given transaction hash actually did, which assets moved from whom to whom, so that I can explain a suspicious wallet drain to the user.",
    "xx-tx-decoder",
  ],
  [
    "I need to pick a sensible tip to attach to my Ethereum transfer so that it gets included in the next couple of blocks without overpaying.",
    "xx-gas-oracle",
  ],
  [
    "I need to list the digital collectibles a wallet owns and how rare their attributes are so that I can estimate what the art portfolio is worth.",
    "xx-nft-metadata",
  ],
  [
    "I need latitude and longitude for '221B Baker Street, London' so that I can drop a pin for it on the delivery map.",
    "xx-geocode",
  ],
  [
    "I need to turn a GPS fix from a field worker's phone into a readable street address so that the incident report names where it happened.",
    "xx-geocode",
  ],
  [
    "I need to know how long it takes to drive from the warehouse to each of 30 customer sites in current traffic so that I can put the van's stops in the best order.",
    "xx-routing",
  ],
  [
    "I need to find a chemist that's still open late within a short stroll of the user's hotel so that they can pick up cold medicine tonight.",
    "xx-places-nearby",
  ],
  [
    "I need to work out which country a visitor's connection originates from and whether they're hiding behind an anonymiser so that I can apply the right regional pricing.",
    "xx-ip-geolocation",
  ],
  [
    "I need to know what the wall clock shows at the client's coordinates so that I don't book a call for them at 3 a.m.",
    "xx-timezone",
  ],
  [
    "I need to gather what journalists have reported about the Suez Canal disruption in the past 48 hours so that I can brief the logistics team.",
    "xx-news-search",
  ],
  [
    "I need every recent story from Spanish and German outlets that mentions our competitor by name so that I can track how the press is treating them.",
    "xx-news-search",
  ],
  [
    "I need to know who just scored in the Arsenal game being played right now so that I can push an alert to the fan.",
    "xx-live-scores",
  ],
  [
    "I need the current Premier League table so that I can tell the user how many points their club trails the leader by.",
    "xx-live-scores",
  ],
  [
    "I need to learn roughly how big the business behind acme-robotics.io is and what sector it's in so that I can score this inbound lead.",
    "xx-company-enrich",
  ],
  [
    "I need to find out what role and employer belong to whoever signed up as jane.doe@bigcorp.com so that sales can tailor the follow-up.",
    "xx-people-enrich",
  ],
  [
    "I need to pull peer-reviewed studies on intermittent fasting together with how often each has been referenced so that my literature review leans on the influential ones.",
    "xx-paper-search",
  ],
  [
    "I need to know which days in May are days off by law in Bavaria so that my delivery estimate skips them.",
    "xx-public-holidays",
  ],
  [
    "I need a capable language model to draft a polite reply to this angry customer complaint so that I can send it without a human writing it.",
    "xx-llm-chat",
  ],
  [
    "I need some hosted text model to condense a 20-page meeting transcript into bullet-point minutes so that the team gets a recap today.",
    "xx-llm-chat",
  ],
  [
    "I need numeric vector representations of 10,000 help-centre articles so that I can find the ones closest in meaning to a user's question.",
    "xx-embeddings",
  ],
  [
    "I need this Word contract rendered in German with its tables and formatting intact so that the Munich partner signs an identical-looking document.",
    "xx-doc-translate",
  ],
  [
    "I need an original watercolour picture of a fox reading a newspaper so that the blog post has a header visual.",
    "xx-image-generate",
  ],
  [
    "I need to pull the total, date and merchant out of a photographed restaurant bill so that I can log the expense automatically.",
    "xx-ocr",
  ],
  [
    "I need the words off a scanned 1980s typewritten letter as editable characters so that I can search through it.",
    "xx-ocr",
  ],
  [
    "I need the sneaker in this photo isolated with nothing behind it so that it fits my shop's clean white catalogue grid.",
    "xx-background-remove",
  ],
  [
    "I need to know what things appear in user-uploaded pictures and whether any are explicit so that I can auto-moderate the gallery.",
    "xx-image-tagging",
  ],
  [
    "I need a written, time-stamped record of who said what in an hour-long podcast episode so that I can publish show notes.",
    "xx-speech-to-text",
  ],
  [
    "I need a listenable narration of my 800-word article in a human-sounding voice so that subscribers can play it on their commute.",
    "xx-text-to-speech",
  ],
  [
    "I need somewhere safe to execute a pandas script against a CSV the user gave me so that I can return the computed statistics without running untrusted code locally.",
    "xx-code-sandbox",
  ],
  [
    "I need to turn my invoice template markup into a paginated document with page numbers so that the client receives a printable file.",
    "xx-html-to-pdf",
  ],
  [
    "I need to see what ranks at the top when people google 'best budget standing desk 2026' so that I can compare which sites dominate.",
    "xx-web-search",
  ],
  [
    "I need the article body of a long blog post at a given link, without menus and adverts, so that I can feed just the text into my summariser.",
    "xx-page-markdown",
  ],
  [
    "I need an image of how a competitor's homepage looks on a phone-sized display so that the designer can compare layouts.",
    "xx-screenshot",
  ],
  [
    "I need to sign into a supplier portal, click through a multi-step order form and stay logged in so that I can complete a reorder on the user's behalf.",
    "xx-browser-session",
  ],
  [
    "I need to confirm that the passport a new user uploaded is genuine and that they're the same person as in their live selfie so that I can approve the account.",
    "xx-id-verify",
  ],
  [
    "I need to make sure 'Viktor Petrov Trading LLC' isn't on any government blacklist so that we don't break the law by doing business with them.",
    "xx-sanctions-screen",
  ],
  [
    "I need to know whether a number a lead gave me belongs to a cell phone, a fixed line or an internet calling service so that I only text the ones that can receive it.",
    "xx-phone-lookup",
  ],
  [
    "I need to know whether the addresses on this 2,000-person signup sheet can actually receive mail so that my campaign doesn't get penalised for failed sends.",
    "xx-email-verify",
  ],
  [
    "I need to find out where the user's box with number 1Z999AA10123456784 is right now so that I can answer their 'where is my order' message.",
    "xx-parcel-tracking",
  ],
  [
    "I need to know which courier charges least to send a 3 kg box from Chicago to Toronto so that I can quote the customer a delivery fee.",
    "xx-shipping-rates",
  ],
  [
    "I need to watch what a particular item costs on Amazon Germany and how its star score moves so that I can alert the user when it falls below 50 euros.",
    "xx-amazon-product",
  ],
  [
    "I need to identify what the number under the striped code on a cereal box refers to so that I can add the item to the pantry inventory.",
    "xx-barcode-lookup",
  ],
  [
    "I need to get a short written reminder about the delivery window onto a customer's mobile in Brazil so that they're home when the driver arrives.",
    "xx-sms-send",
  ],
  [
    "I need to ring an elderly patient's home phone and read out their appointment time, letting them press 1 to confirm, so that the clinic gets an answer.",
    "xx-voice-call",
  ],
  [
    "I need to put this dataset somewhere addressed by its content hash so that an on-chain record can point to it indefinitely.",
    "xx-ipfs-pin",
  ],
  [
    "I need to hand a 2 GB video to a client via a link that stops working after a week so that the file isn't floating around forever.",
    "xx-temp-share",
  ],
  [
    "I need a place to stash my progress and the user's preferences between runs so that next time I wake up I can pick up where I left off.",
    "xx-agent-memory",
  ],
  [
    "I need my own endpoint to be called back at 09:00 UTC next Monday so that I remember to re-check whether the refund went through.",
    "xx-scheduled-webhook",
  ],
];

export const FIFTYNINTH_UNSERVED: string[] = [
  "I need today's ragweed and grass pollen levels for Chicago so that I can warn an allergic user before they go outside.",
  "I need wave height and swell period for a surf break in Portugal over the weekend so that I can tell the user which morning to paddle out.",
  "I need the options chain with implied volatility for Microsoft's June expiry so that I can price a covered-call strategy.",
  "I need to actually purchase 200 dollars' worth of ETH and have it delivered to my wallet so that I can fund the next batch of transactions.",
  "I need bus and tram departure times with real-time delays in Berlin so that I can tell the user which line to catch.",
  "I need to reserve a table for four at an Italian restaurant tonight at 8 so that the user's dinner plans are locked in.",
  "I need to register the domain name brightleaf.ai for the user so that their new site can go live.",
  "I need a ten-second video clip generated from a text prompt so that the social post has motion instead of a still image.",
  "I need an original royalty-free background music track composed for a product demo so that the video isn't silent.",
  "I need a physical thank-you letter printed and posted to a customer's home address so that they get something tangible.",
  "I need to check whether an EU company's VAT number is valid so that I can zero-rate the cross-border invoice.",
  "I need a consumer's credit score and payment history so that I can decide whether to offer them a financing plan.",
  "I need a courier to come and collect a parcel from our office tomorrow morning so that it ships on time.",
  "I need tonight's betting odds for every NBA game so that I can compare bookmakers for the user.",
  "I need to search granted patents and pending applications on solid-state batteries so that I can check for prior art.",
  "I need a sworn human translator to produce a certified translation of a birth certificate so that it's accepted by the immigration office.",
  "I need an estimated market value for a house at a given street address so that I can tell the user whether the asking price is fair.",
  "I need the live departure status and gate of flight LH400 so that I can tell the traveller whether it's delayed.",
  "I need to wire 12,000 euros to a supplier's bank account so that their overdue invoice gets paid today.",
  "I need current open job postings for data engineers in Amsterdam with salary ranges so that I can help the user apply.",
];
