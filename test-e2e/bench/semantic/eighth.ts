/**
 * EIGHTH set, written 2026-11-27 blind by a helper (prefix `h`). Style: common paid APIs a general registry would
 * list (weather, maps, finance, crypto, company data, news, sports, travel, shipping, identity, OCR, speech, images,
 * LLM, search, scraping, documents, messaging, lifestyle data). Needs are worded the way a person or an assistant
 * acting for a person talks: everyday language, no technical terms, often indirect, describing the situation and
 * what they want to know or get done.
 */
export const EIGHTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "h-weather-forecast",
    "SkyCast Forecast API",
    "Hour-by-hour and 14-day forecasts for any coordinates or city: temperature, precipitation probability, wind, humidity and severe-weather alerts. JSON responses, global coverage, updated every 15 minutes.",
    "data.weather",
  ],
  [
    "h-weather-history",
    "ClimaArchive",
    "Historical weather observations back to 1950 for any location: daily highs and lows, rainfall totals, snow depth and 30-year climate normals. Query a single date or a date range.",
    "data.weather",
  ],
  [
    "h-air-quality",
    "AirSense AQI",
    "Real-time and forecast air quality index by location, with PM2.5, PM10, ozone, NO2 and pollen levels plus health advisories per pollutant.",
    "data.weather",
  ],
  [
    "h-earthquakes",
    "QuakeFeed",
    "Seismic event feed: magnitude, depth, epicenter and felt reports for earthquakes worldwide, filterable by region, time window and minimum magnitude.",
    "data.science",
  ],
  [
    "h-geocode",
    "GeoPoint Geocoding",
    "Forward and reverse geocoding: convert free-text addresses and place names to latitude/longitude and back. Batch endpoint handles up to 10,000 rows per request.",
    "data.maps",
  ],
  [
    "h-routing",
    "RoutePilot",
    "Turn-by-turn directions, travel-time estimates with predictive traffic, and multi-stop route optimization for driving, cycling and walking.",
    "data.maps",
  ],
  [
    "h-stock-quotes",
    "TickerStream Equities",
    "Real-time and end-of-day quotes for US and global equities and ETFs: last price, open/high/low/close, volume and percentage change, plus intraday bars.",
    "data.finance",
  ],
  [
    "h-fx-rates",
    "FXRate API",
    "Live and historical foreign exchange rates for 170 currencies with a conversion endpoint. Mid-market rates refreshed every 60 seconds.",
    "data.finance",
  ],
  [
    "h-company-registry",
    "RegistryLens",
    "Official company register data across 40 jurisdictions: legal status, registration number, incorporation date, registered address, officers and filing history.",
    "data.company",
  ],
  [
    "h-news-search",
    "PressWire Search",
    "Full-text search across 80,000 news publishers with date, source, language and topic filters. Returns headlines, snippets, bylines and article URLs.",
    "data.news",
  ],
  [
    "h-sports-scores",
    "ScoreLine Sports Data",
    "Live scores, final results, fixtures and league standings for football, basketball, baseball, hockey, cricket and tennis, with box scores per game.",
    "data.sports",
  ],
  [
    "h-flight-status",
    "FlightTrack Live",
    "Real-time flight status by flight number or route: scheduled vs. estimated departure and arrival, delays, gate and terminal info, cancellations.",
    "data.other",
  ],
  [
    "h-parcel-tracking",
    "TrackAll Parcels",
    "Unified shipment tracking across 1,200 carriers: submit a tracking number and get normalized checkpoint events, current location and estimated delivery date.",
    "commerce.shipping",
  ],
  [
    "h-email-verify",
    "MailProbe Verify",
    "Email address verification: syntax check, MX lookup, SMTP mailbox probing, disposable and role-account detection. Single and bulk list cleaning.",
    "identity.email",
  ],
  [
    "h-phone-lookup",
    "NumberIntel",
    "Phone number intelligence: carrier, line type (mobile, landline, VoIP), country, CNAM caller name and spam-risk score for any E.164 number.",
    "data.people",
  ],
  [
    "h-id-verify",
    "VeriDoc KYC",
    "Identity verification: government ID document authentication (passport, driver's license, national ID) with selfie liveness and face match. Returns a pass/fail decision and extracted fields.",
    "identity.kyc",
  ],
  [
    "h-ocr-docs",
    "ParseScan OCR",
    "Document OCR with structured extraction for receipts, invoices and forms: line items, totals, tax, vendor and dates returned as JSON or CSV.",
    "compute.image",
  ],
  [
    "h-speech-to-text",
    "VoxScribe",
    "Speech recognition API: upload audio or video files and receive timestamped transcripts with speaker diarization in 50+ languages.",
    "compute.audio",
  ],
  [
    "h-text-to-speech",
    "NarrateAI TTS",
    "Neural text-to-speech with 300 natural voices in 40 languages. Send text or SSML, receive MP3 or WAV; long-form synthesis for documents up to 500,000 characters.",
    "compute.audio",
  ],
  [
    "h-translate",
    "LinguaBridge Translate",
    "Machine translation between 130 languages for plain text and documents, with formality control and glossary support.",
    "compute.inference",
  ],
  [
    "h-bg-remove",
    "CutOut Pro API",
    "Automatic background removal for product and portrait images: returns a transparent PNG or a composite on any solid color.",
    "compute.image",
  ],
  [
    "h-image-gen",
    "DreamCanvas",
    "Text-to-image generation: describe a scene and get high-resolution images in styles from photoreal to illustration. Supports aspect ratios and negative prompts.",
    "compute.image",
  ],
  [
    "h-llm-chat",
    "ChatCore LLM",
    "Hosted large language model chat completions for drafting, rewriting, summarizing and question answering. OpenAI-compatible endpoint, 128k context.",
    "compute.inference",
  ],
  [
    "h-web-search",
    "OpenSERP Web Search",
    "General web search API returning organic results, titles, snippets and URLs from a global index, with country and language parameters.",
    "web.search",
  ],
  [
    "h-web-scrape",
    "HarvestBot Scraper",
    "Web scraping API with rotating proxies and JavaScript rendering: fetch any URL and extract fields with CSS selectors into JSON.",
    "web.scrape",
  ],
  [
    "h-screenshot",
    "SnapShot URL",
    "Capture full-page or viewport screenshots of any URL as PNG or JPEG, with device emulation (mobile, tablet, desktop) and ad/cookie-banner blocking.",
    "web.browser",
  ],
  [
    "h-pdf-gen",
    "DocForge PDF",
    "Render HTML templates or URLs into print-ready PDFs with headers, footers, page numbers and custom paper sizes.",
    "compute.other",
  ],
  [
    "h-sms-send",
    "TextBlast SMS",
    "Programmable SMS: send one-off or bulk text messages to 200 countries, with delivery receipts and sender ID configuration.",
    "communication.sms",
  ],
  [
    "h-nutrition",
    "NutriDB Recipes",
    "Recipe and nutrition database: macros and micronutrients per serving for 900,000 foods and dishes, plus recipe search by ingredients you have on hand.",
    "data.other",
  ],
  [
    "h-movies",
    "ReelData",
    "Film and TV metadata: titles, plot synopses, cast and crew, release dates, ratings and posters. Search by title, actor or keyword.",
    "data.other",
  ],
  [
    "h-books",
    "Bibliotek Books API",
    "Book metadata by ISBN, title or author: publisher, publication date, page count, editions, subjects and cover images.",
    "data.other",
  ],
  [
    "h-holidays",
    "HolidayCal",
    "Public and bank holiday calendars for 230 countries and their subdivisions, including observed dates and regional holidays.",
    "data.government",
  ],
  [
    "h-timezones",
    "ZoneClock",
    "Time zone lookup by coordinates or city: UTC offset, DST rules and current local time, plus conversion of a timestamp between zones.",
    "data.maps",
  ],
  [
    "h-ip-geo",
    "IPLocate",
    "IP geolocation: country, region, city, coordinates, ISP and ASN for any IPv4 or IPv6 address, with VPN and proxy flags.",
    "data.maps",
  ],
  [
    "h-vat-check",
    "VATCheck EU",
    "Validate EU and UK VAT registration numbers against official VIES/HMRC records; returns validity, registered business name and address.",
    "data.government",
  ],
  [
    "h-address-validate",
    "AddressGuard",
    "Postal address verification and standardization: corrects typos, completes postcodes and confirms deliverability against postal service records in 240 countries.",
    "data.maps",
  ],
  [
    "h-crypto-prices",
    "CoinTicker",
    "Cryptocurrency market data: spot prices, 24h volume, market cap and historical OHLC for 10,000+ coins across major exchanges.",
    "data.crypto",
  ],
  [
    "h-sanctions",
    "WatchList Screen",
    "Sanctions and PEP screening: fuzzy-match names of people and companies against OFAC, UN, EU, UK HMT and 100+ watchlists, with match scores.",
    "identity.kyc",
  ],
  [
    "h-patents",
    "PatentScope Search",
    "Full-text and semantic search over granted patents and published applications from USPTO, EPO, WIPO and CNIPA, with claims, assignees and citations.",
    "data.science",
  ],
  [
    "h-jobs",
    "JobPulse Listings",
    "Aggregated job postings from company career pages and job boards: search by title, skills, location and salary range, with posting dates and apply links.",
    "data.other",
  ],
  [
    "h-home-value",
    "HomeWorth AVM",
    "Automated valuation model for residential property: estimated market value, confidence range, comparable recent sales and rent estimate by address.",
    "data.other",
  ],
  [
    "h-vin-decode",
    "VINSight",
    "VIN decoding for vehicles: make, model, year, trim, engine, body style and factory equipment, plus recall notices.",
    "data.other",
  ],
  [
    "h-shipping-rates",
    "RateCompare Shipping",
    "Compare parcel shipping quotes from UPS, FedEx, DHL, USPS, Canada Post and regional carriers by weight, dimensions, origin and destination. Quotes and transit times only.",
    "commerce.shipping",
  ],
  [
    "h-product-prices",
    "PriceHawk",
    "Product price comparison across major online retailers: current offers, stock status and price history by product name, UPC or model number.",
    "commerce.products",
  ],
  [
    "h-code-sandbox",
    "RunBox Sandbox",
    "Execute untrusted code in isolated containers: Python, JavaScript, Java, C++ and 30 more runtimes, returning stdout, stderr and exit code.",
    "compute.code",
  ],
  [
    "h-drug-info",
    "MedRef Drug Data",
    "Drug reference data: indications, dosing, side effects and drug-drug interaction checks sourced from FDA labels and clinical references.",
    "data.science",
  ],
  [
    "h-domain-whois",
    "DomainScout",
    "Domain availability checks and WHOIS/RDAP records: registrar, creation and expiry dates and nameservers for any domain across 1,500 TLDs.",
    "data.other",
  ],
  [
    "h-tides",
    "TideTables API",
    "Tide predictions for 8,000 coastal stations: high and low tide times and heights, plus sunrise and sunset, for any date range.",
    "data.science",
  ],
  [
    "h-music-recognition",
    "SongMatch",
    "Audio fingerprinting that identifies recorded music from a short clip: returns track title, artist, album and streaming links.",
    "compute.audio",
  ],
  [
    "h-plant-id",
    "FloraLens",
    "Plant species identification from photos: returns ranked species matches with common names, toxicity info and invasive/weed status.",
    "compute.image",
  ],
  [
    "h-ev-chargers",
    "ChargeMap Stations",
    "Electric vehicle charging station directory: locations, connector types, charging power, network operator and live availability near a point or along a route.",
    "data.maps",
  ],
  [
    "h-file-share",
    "DropLink Transfer",
    "Temporary file hosting for large uploads up to 50 GB: returns a shareable download URL with configurable expiry and optional password.",
    "storage.files",
  ],

  // near-duplicate competitors
  [
    "h-weather-outlook",
    "Meteora Weather",
    "Global weather predictions: minute-level nowcasts, 10-day daily outlook, rain chance, feels-like temperature and wind gusts for any lat/lon.",
    "data.weather",
  ],
  [
    "h-fx-convert",
    "CurrencyLayer Pro",
    "Currency conversion endpoint plus live and time-series exchange rates for all world currencies and precious metals, sourced from bank feeds.",
    "data.finance",
  ],
  [
    "h-shipment-status",
    "ParcelPing",
    "Carrier-agnostic package tracking: auto-detects the courier from a tracking code and returns delivery status, scan history and ETA, with webhooks on status changes.",
    "commerce.shipping",
  ],
  [
    "h-mailbox-check",
    "InboxReal",
    "Checks whether an email address can actually receive mail: catch-all detection, bounce prediction, throwaway-domain flags and deliverability score. CSV upload supported.",
    "identity.email",
  ],
  [
    "h-doc-extract",
    "ReceiptReader AI",
    "Turn photos and scans of receipts, bills and invoices into structured data: merchant, date, itemized lines, tax and totals, exportable to spreadsheets.",
    "compute.image",
  ],
  [
    "h-transcribe-audio",
    "AudioToText Cloud",
    "Automatic transcription of recordings, calls and podcasts with punctuation, word timestamps and per-speaker labels; supports files up to 10 hours.",
    "compute.audio",
  ],
  [
    "h-page-extract",
    "CrawlKit",
    "Headless crawling and data extraction service: give it pages and a schema, get back clean structured records, with anti-bot handling and pagination support.",
    "web.scrape",
  ],
  [
    "h-ip-locate",
    "GeoIP Insight",
    "Look up the physical location behind an internet address: city, country, time zone, network owner and hosting/anonymizer detection.",
    "data.maps",
  ],
];

/** near-duplicate competitor key -> the listing it competes with (either one answers the need right) */
export const EIGHTH_DUPLICATES: Record<string, string> = {
  "h-weather-outlook": "h-weather-forecast",
  "h-fx-convert": "h-fx-rates",
  "h-shipment-status": "h-parcel-tracking",
  "h-mailbox-check": "h-email-verify",
  "h-doc-extract": "h-ocr-docs",
  "h-transcribe-audio": "h-speech-to-text",
  "h-page-extract": "h-web-scrape",
  "h-ip-locate": "h-ip-geo",
};

/** [need text, key of the listing that serves it] — each served need names one of the 52 services (not a competitor key) */
export const EIGHTH_NEEDS: [need: string, key: string][] = [
  [
    "we're having a barbecue in the backyard Saturday afternoon, is it going to rain on us?",
    "h-weather-forecast",
  ],
  ["do I need an umbrella in Edinburgh next week?", "h-weather-forecast"],
  [
    "what was it like outside in Charleston on June 14, 2019? it was our wedding day and I want to mention it in the anniversary card",
    "h-weather-history",
  ],
  [
    "my tomatoes did terribly this year — how much rain did we actually get here last July, and is that less than a normal July?",
    "h-weather-history",
  ],
  [
    "my son has asthma and we're in Delhi this week; is the smog bad enough today that he should stay indoors?",
    "h-air-quality",
  ],
  [
    "the whole house just shook a few minutes ago near Anchorage — was that a quake, and how strong?",
    "h-earthquakes",
  ],
  [
    "I have a spreadsheet of 300 customer street addresses and want to drop each one as a pin on a map",
    "h-geocode",
  ],
  ["if I leave Denver at 4 on Friday, how long until I get to Aspen?", "h-routing"],
  [
    "I've got six drop-offs around town this morning — what order should I do them in so I'm not zigzagging?",
    "h-routing",
  ],
  ["how's Nvidia doing today?", "h-stock-quotes"],
  ["what did my Tesla shares end the day at yesterday?", "h-stock-quotes"],
  ["I owe a supplier in Osaka 480,000 yen — about how much is that in dollars?", "h-fx-rates"],
  [
    "before we sign with 'Brightline Builders Ltd', can you check they're a real registered business and who runs it?",
    "h-company-registry",
  ],
  ["has there been anything in the papers lately about the paper mill closing in our town?", "h-news-search"],
  ["who won the Lakers game last night?", "h-sports-scores"],
  ["when is Liverpool's next match, and where are they in the league right now?", "h-sports-scores"],
  ["my mom's coming in on United 1432 this evening — is she going to land on time?", "h-flight-status"],
  ["where's my order? the shop gave me 1Z999AA10123456784 to follow it", "h-parcel-tracking"],
  [
    "before I send out the club newsletter, weed out the addresses on our mailing list that will just bounce back",
    "h-email-verify",
  ],
  ["someone keeps ringing me from 415-555-0199 — who is it, and is it a cell phone?", "h-phone-lookup"],
  [
    "the new tenants sent pictures of their driver's licenses and a selfie; I want to be sure they're really who they claim to be before handing over keys",
    "h-id-verify",
  ],
  [
    "I have a shoebox of paper invoices I scanned; my bookkeeper needs the dates, suppliers and amounts typed into a sheet",
    "h-ocr-docs",
  ],
  [
    "I recorded my grandfather telling war stories for an hour and want every word of it written down",
    "h-speech-to-text",
  ],
  ["can I get this voicemail as text?", "h-speech-to-text"],
  [
    "I'd rather listen to my thesis chapter on the drive to work — can it be read out loud into something I can play in the car?",
    "h-text-to-speech",
  ],
  ["my landlord in Lyon sent a letter in French; what is he actually saying, in English?", "h-translate"],
  [
    "I'm selling old sneakers online and want the photos to show just the shoe on plain white, not my messy bedroom",
    "h-bg-remove",
  ],
  ["make me a picture of a corgi in a space suit for my kid's birthday invitation", "h-image-gen"],
  ["help me word a polite but firm note asking my neighbor to stop parking across my driveway", "h-llm-chat"],
  ["find me some websites that explain how to repot an orchid", "h-web-search"],
  [
    "pull every item name and price off this online store's catalog so I can line them up against ours",
    "h-web-scrape",
  ],
  ["I need an image of how our homepage looks on a phone to paste into tomorrow's slides", "h-screenshot"],
  [
    "I laid out the client's invoice as a web page; turn it into a proper document file I can attach to an email and they can print",
    "h-pdf-gen",
  ],
  ["let all twelve parents on the soccer team know by text that practice is off tonight", "h-sms-send"],
  ["how many calories and how much protein in a bowl of chicken tikka masala?", "h-nutrition"],
  ["I've got leftover spinach, feta and a few eggs — what can I make for dinner?", "h-nutrition"],
  ["what's that film where Tom Hanks is stuck living in an airport, and who else is in it?", "h-movies"],
  [
    "there's a novel about a boy stranded on a lifeboat with a tiger — who wrote it and what year did it come out?",
    "h-books",
  ],
  ["is next Monday a day off in Germany? I'm trying to plan a delivery to our Munich office", "h-holidays"],
  ["if I call my cousin in Sydney at 7pm Chicago time, am I going to wake her up?", "h-timezones"],
  [
    "we got a sign-in alert from a strange device with the number 203.0.113.45 — roughly where in the world was that person?",
    "h-ip-geo",
  ],
  [
    "a French firm wants us to bill them without tax, saying they're registered — is FR40303265045 a genuine number?",
    "h-vat-check",
  ],
  [
    "a customer typed '1600 Pennsylvnia Ave, Washingtn' at checkout — fix it up and tell me if the post office can actually deliver there",
    "h-address-validate",
  ],
  ["how much is one bitcoin right now?", "h-crypto-prices"],
  ["did ether go up or down over the past week?", "h-crypto-prices"],
  [
    "we're about to wire money to a new supplier in Dubai — make sure neither the company nor its owner is on any government blacklist",
    "h-sanctions",
  ],
  [
    "I've got an idea for a bike helmet that folds flat — has somebody already protected that invention?",
    "h-patents",
  ],
  ["any pastry chef openings in Portland at the moment?", "h-jobs"],
  ["roughly what would my house at 42 Elm Street in Columbus go for if I sold it today?", "h-home-value"],
  [
    "looking at a used car, the number stamped by the windshield is 1HGCM82633A004352 — what make, model and year is it really?",
    "h-vin-decode",
  ],
  ["cheapest way to mail a 5 kg box from Toronto to my sister in Vancouver?", "h-shipping-rates"],
  ["which shop has the lowest price on the Dyson V15 vacuum right now?", "h-product-prices"],
  [
    "my daughter wrote a little program for her homework — can you actually run it and see whether it works?",
    "h-code-sandbox",
  ],
  ["is it okay to take ibuprofen while I'm on warfarin?", "h-drug-info"],
  ["is sunnybakerytoledo.com still up for grabs for my new bakery's website?", "h-domain-whois"],
  ["when's the water lowest at Half Moon Bay on Sunday? the kids want to go rock-pooling", "h-tides"],
  [
    "there's a song playing in the background of this clip I took at the café — what is it?",
    "h-music-recognition",
  ],
  [
    "something strange sprouted in my vegetable bed, here's a photo — what is it and should I pull it?",
    "h-plant-id",
  ],
  ["where can I top up my electric car near downtown Sacramento?", "h-ev-chargers"],
  [
    "I need to get a 3 GB video to my editor — give me a link she can grab it from that goes dead after a week",
    "h-file-share",
  ],
];

/** needs that NO listing in this file serves */
export const EIGHTH_UNSERVED: string[] = [
  // near a listed topic, different function
  "get me insurance that pays out if a storm rains out our outdoor wedding in May",
  "book me a seat on the Tuesday morning flight to Lisbon",
  "buy 20 shares of Apple in my brokerage account",
  "file our quarterly VAT return with the tax office",
  "I need a sworn, stamped translation of my birth certificate that the immigration office will accept",
  "my parcel arrived smashed — open a damage claim with the courier and get me a refund",
  "get me pre-approved for a mortgage on a $400k house",
  "send $500 to my sister's bank account in Mexico",
  "put my used Honda up for sale on a few car marketplaces",
  "submit my CV to those five pastry chef jobs for me",
  "buy two tickets for Saturday's Arsenal match",
  "refill my blood pressure prescription at the pharmacy on Main Street",
  // unrelated to anything listed
  "find someone to walk my dog on weekday afternoons",
  "get a plumber out today, the kitchen sink is leaking",
  "pay this month's electricity bill",
  "cut my vacation videos down to a one-minute highlight reel with music",
  "have groceries delivered tonight: milk, eggs, bread and bananas",
  "find a babysitter for Friday night",
  "book a table for two at a seafood place in Lisbon for 8pm",
  "find a tailor who can hem my suit trousers by Thursday",
];
