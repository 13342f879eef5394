/** sixtyfirst set, written 2026-12-01 blind by a helper. Style: everyday and small-business services across all categories (weather, personal finance, travel and maps, local news, sports, company lookups, people search, government records, images and audio, web search, email and identity checks, parcels, online shopping, texting, file sharing), needs written as full questions a person types to a chat assistant, often with a bit of context about their situation first. */
export const SIXTYFIRST_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "xx-local-forecast",
    "SkyCast Local",
    "Hyperlocal weather forecasts by postcode, city name or lat/lon: current conditions, 48-hour hourly and 10-day daily outlook with temperature, precipitation probability, wind and UV. JSON, metric or imperial.",
    "data.weather",
  ],
  [
    "xx-local-forecast-alt",
    "Brightsky Weather API",
    "Get the weather where it matters. Current observations plus hour-by-hour and two-week forecasts for any coordinate worldwide, powered by blended global models.",
    "data.weather",
  ],
  [
    "xx-pollen-count",
    "PollenWatch",
    "Daily pollen levels for tree, grass and weed (ragweed) pollen with a 1-5 risk index and a 4-day outlook. Covers the US, Canada, the UK and most of Europe.",
    "data.weather",
  ],
  [
    "xx-severe-alerts",
    "StormAlert Feed",
    "Official severe weather warnings and watches (tornado, flood, heat, winter storm) from national meteorological services, as GeoJSON polygons with severity, onset and expiry. Poll by point or region.",
    "data.weather",
  ],
  [
    "xx-fx-rates",
    "FXDaily",
    "Mid-market exchange rates for 170 currencies, refreshed every 60 seconds, plus historical daily rates back to 1999 and a simple convert endpoint.",
    "data.finance",
  ],
  [
    "xx-fx-rates-alt",
    "CurrencyLayer Pro",
    "Real-time and historical foreign exchange data. Convert any amount between world currencies; time-series and fluctuation endpoints included.",
    "data.finance",
  ],
  [
    "xx-stock-quotes",
    "TickerTape Quotes",
    "Stock and ETF quotes for NYSE, NASDAQ, LSE and TSX: last price, day change, volume, 52-week range and end-of-day history. 15-minute delayed on the base plan.",
    "data.finance",
  ],
  [
    "xx-mortgage-calc",
    "HomeLoan Math",
    "Monthly payment and full amortization schedule for any loan amount, term and rate, with taxes and insurance (PITI). Includes weekly average 30- and 15-year fixed rates by US state.",
    "data.finance",
  ],
  [
    "xx-bank-routing",
    "BankCheck",
    "Validate IBANs, US ABA routing numbers and SWIFT/BIC codes. Returns the bank name, branch address and whether the number passes checksum.",
    "data.finance",
  ],
  [
    "xx-crypto-prices",
    "CoinPulse",
    "Spot prices, 24h volume and market cap for 9,000+ cryptocurrencies aggregated across major exchanges, with OHLC candles from 1 minute to 1 month.",
    "data.crypto",
  ],
  [
    "xx-geocode",
    "AddressPoint Geocoder",
    "Forward and reverse geocoding: turn a street address into latitude/longitude, or coordinates into a formatted address. Rooftop accuracy in 60+ countries, batch up to 1,000 rows.",
    "data.maps",
  ],
  [
    "xx-geocode-alt",
    "LocateIt",
    "Convert addresses to coordinates and back. Autocomplete-friendly, returns confidence scores and structured components (street, city, postal code).",
    "data.maps",
  ],
  [
    "xx-route-directions",
    "RouteWise",
    "Turn-by-turn driving, cycling and walking directions between two or more points, with distance, travel time including live traffic, and an encoded polyline.",
    "data.maps",
  ],
  [
    "xx-places-nearby",
    "NearMe Places",
    "Search points of interest around a location by category or keyword (cafés, pharmacies, ATMs, gas stations, vets) with opening hours, phone, rating and distance.",
    "data.maps",
  ],
  [
    "xx-timezone",
    "ZoneFinder",
    "Returns the IANA time zone, UTC offset and DST status for any coordinates or city, plus the current local time.",
    "data.maps",
  ],
  [
    "xx-flight-status",
    "FlightBoard Live",
    "Real-time flight status by flight number or route: scheduled vs actual departure and arrival, gate, terminal, delays and cancellations for 900+ airlines.",
    "data.other",
  ],
  [
    "xx-nutrition",
    "NutriFacts",
    'Calories, macros, vitamins and minerals for 800k foods, branded products and restaurant items. Natural-language input like "2 eggs and a slice of toast" supported.',
    "data.other",
  ],
  [
    "xx-local-headlines",
    "Hometown Wire",
    "Local news from 4,000+ community newspapers, TV stations and city blogs, searchable by city, county or ZIP. Headline, summary, source and publish time, updated every 15 minutes.",
    "data.news",
  ],
  [
    "xx-news-archive",
    "Chronicle Archive",
    "Full-text search over digitised newspapers from 1850 to 2005. Returns page scans, OCR text and publication metadata, ideal for genealogy and historical research.",
    "data.news",
  ],
  [
    "xx-live-scores",
    "ScoreLine",
    "Live scores, goal events, lineups and fixtures for 800+ football (soccer) competitions, from the Premier League to lower divisions. Push or poll, second-level latency.",
    "data.sports",
  ],
  [
    "xx-player-stats",
    "StatSheet",
    "Season and career box-score statistics for NBA, NFL, MLB and NHL players and teams, game logs back to 1990, and daily injury reports.",
    "data.sports",
  ],
  [
    "xx-company-registry",
    "RegistryLookup",
    "Search official company registers (UK Companies House, US state Secretaries of State and 40 more jurisdictions). Returns legal name, registration number, status, incorporation date, registered address and officers.",
    "data.company",
  ],
  [
    "xx-vat-check",
    "VATValidate",
    "Check whether an EU or UK VAT number is valid and retrieve the registered business name and address, with a consultation reference for audit trails.",
    "data.company",
  ],
  [
    "xx-firmographics",
    "CompanyEnrich",
    "Give us a domain, get back the company: industry, employee count, estimated revenue, HQ location, tech stack and social profiles.",
    "data.company",
  ],
  [
    "xx-people-finder",
    "FindPeople Search",
    "Search US public records by name and state to get possible current and past addresses, phone numbers, age and relatives. For permissible purposes only.",
    "data.people",
  ],
  [
    "xx-reverse-phone",
    "CallerID Lookup",
    "Identify the owner of a phone number: caller name, carrier, line type (mobile, landline, VoIP) and spam risk score.",
    "data.people",
  ],
  [
    "xx-property-records",
    "DeedData",
    "County assessor and recorder data for 150M US properties: owner of record, assessed value, tax history, last sale price and date, lot size and year built.",
    "data.government",
  ],
  [
    "xx-holiday-calendar",
    "HolidayAPI",
    "Public and bank holidays for 230 countries and their subdivisions, past and future years, with observed dates when a holiday falls on a weekend.",
    "data.government",
  ],
  [
    "xx-recalls",
    "RecallCheck",
    "Unified feed of consumer product, vehicle, food and drug recalls from the CPSC, NHTSA, FDA and USDA. Search by product name, brand, or vehicle make and model year.",
    "data.government",
  ],
  [
    "xx-court-cases",
    "DocketSearch",
    "Search state and federal court records: case number, parties, filing date, case type, status and docket entries. Covers PACER and 1,200 county courts.",
    "data.government",
  ],
  [
    "xx-earthquakes",
    "QuakeFeed",
    "Recent and historical earthquakes worldwide with magnitude, depth, location and felt reports. Query by radius, time window or minimum magnitude.",
    "data.science",
  ],
  [
    "xx-bg-remove",
    "CutOut",
    "Remove the background from any photo in one call. Returns a transparent PNG or a new background colour; great for product shots and profile pictures.",
    "compute.image",
  ],
  [
    "xx-bg-remove-alt",
    "ClearBG API",
    "AI background removal for people, products, cars and animals. Upload a JPG/PNG or pass a URL and get a clean cut-out with hair-level edges.",
    "compute.image",
  ],
  [
    "xx-image-upscale",
    "SharpScale",
    "Upscale images 2x, 4x or 8x with AI super-resolution, reducing blur, noise and JPEG artefacts. Output up to 16 megapixels.",
    "compute.image",
  ],
  [
    "xx-text-to-image",
    "Imaginary",
    "Generate original images from a text prompt. Choose style (photo, illustration, 3D), aspect ratio and seed; returns PNG URLs in under 10 seconds.",
    "compute.image",
  ],
  [
    "xx-receipt-ocr",
    "ReceiptReader",
    "Extract merchant, date, line items, tax and total from photos of receipts and invoices. Returns structured JSON; handles crumpled and skewed images.",
    "compute.image",
  ],
  [
    "xx-transcribe",
    "VoiceScribe",
    "Speech-to-text for audio and video files in 50 languages, with speaker labels, punctuation and word-level timestamps. Exports TXT, SRT and VTT.",
    "compute.audio",
  ],
  [
    "xx-transcribe-alt",
    "AudioText Cloud",
    "Accurate transcription of calls, meetings, podcasts and voice notes. Send a file URL and receive a transcript with timestamps.",
    "compute.audio",
  ],
  [
    "xx-tts",
    "NarrateAI",
    "Convert text into natural-sounding speech in 40 languages and 300 voices. MP3 or WAV output, SSML for pauses and emphasis.",
    "compute.audio",
  ],
  [
    "xx-translate",
    "LinguaBridge",
    "Machine translation between 120 languages for plain text or HTML, with glossary support and automatic language detection.",
    "compute.inference",
  ],
  [
    "xx-pdf-convert",
    "DocShift",
    "Convert between PDF, DOCX, XLSX, PPTX, HTML and images. Merge, split, compress and watermark PDFs. Files are deleted after one hour.",
    "compute.other",
  ],
  [
    "xx-code-sandbox",
    "RunBox",
    "Execute Python, JavaScript, Go or Bash snippets in an isolated container and get stdout, stderr and exit code back. 30-second limit, common packages pre-installed.",
    "compute.code",
  ],
  [
    "xx-web-search",
    "SerpLite",
    "Web search results as JSON: titles, URLs and snippets, plus related questions and knowledge panels. Country and language targeting.",
    "web.search",
  ],
  [
    "xx-reverse-image-search",
    "PicTrace",
    "Upload an image or URL and find where it appears online: visually similar images, matching pages and the earliest known copy.",
    "web.search",
  ],
  [
    "xx-page-scraper",
    "CleanFetch",
    "Fetch any URL and get the main content as clean Markdown or text, with title, author and publish date. Handles JavaScript-rendered pages and rotating proxies.",
    "web.scrape",
  ],
  [
    "xx-screenshot",
    "SnapPage",
    "Capture full-page or viewport screenshots of any website at custom device sizes (desktop, tablet, mobile). PNG or JPEG, with ad and cookie-banner blocking.",
    "web.browser",
  ],
  [
    "xx-id-verify",
    "TrustID",
    "Verify government IDs (passports, driver's licences, national ID cards) from 190 countries with document authenticity checks, face match against a selfie and liveness detection.",
    "identity.kyc",
  ],
  [
    "xx-email-verify",
    "MailProof",
    "Check whether an email address is deliverable before you send: syntax, MX records, SMTP mailbox check, disposable and role-account detection.",
    "identity.email",
  ],
  [
    "xx-email-verify-alt",
    "BounceGuard",
    "Clean your mailing list. Real-time email validation that flags invalid, catch-all and throwaway addresses to cut bounce rates.",
    "identity.email",
  ],
  [
    "xx-email-finder",
    "ReachOut Finder",
    "Find the professional email address of anyone from their name and company domain, with a confidence score and sources.",
    "identity.email",
  ],
  [
    "xx-parcel-tracking",
    "TrackAll",
    "Track packages across 1,500 carriers (USPS, UPS, FedEx, DHL, Royal Mail, China Post...) with one API. Normalised status events, estimated delivery and webhooks.",
    "commerce.shipping",
  ],
  [
    "xx-parcel-tracking-alt",
    "ShipTrace",
    "Universal shipment tracking: submit any tracking number, we auto-detect the carrier and return the full checkpoint history.",
    "commerce.shipping",
  ],
  [
    "xx-shipping-rates",
    "LabelDesk",
    "Compare shipping rates from USPS, UPS, FedEx and DHL for a parcel's size, weight and destination, then buy and print the label in the same call.",
    "commerce.shipping",
  ],
  [
    "xx-price-tracker",
    "PriceHistory",
    "Current price and price history for products on Amazon, Walmart, Best Buy and Target, with lowest-ever price and drop alerts via webhook.",
    "commerce.products",
  ],
  [
    "xx-barcode-lookup",
    "UPCBase",
    "Look up products by UPC, EAN or ISBN barcode: name, brand, category, description and images for 500M+ items.",
    "commerce.products",
  ],
  [
    "xx-sms-send",
    "TextBlast",
    "Send one-off or bulk SMS to 200+ countries with delivery receipts, sender ID and two-way replies via webhook.",
    "communication.sms",
  ],
  [
    "xx-sms-send-alt",
    "QuickSMS Gateway",
    "Programmable text messaging. Reach customers on their phones with transactional or marketing SMS; pay per message, no monthly fee.",
    "communication.sms",
  ],
  [
    "xx-otp-verify",
    "VerifyCode",
    "Phone number verification in two calls: we send a one-time passcode by SMS and confirm the code your user enters. Includes fraud and rate-limit protection.",
    "communication.sms",
  ],
  [
    "xx-file-share",
    "DropLink",
    "Upload files up to 5 GB and get a shareable download link with optional password, expiry date and download limit.",
    "storage.files",
  ],
  [
    "xx-qr-code",
    "QRForge",
    "Generate QR codes for URLs, Wi-Fi credentials, vCards or plain text. Custom colours, logo in the centre, SVG or PNG.",
    "agent.tools",
  ],
];

export const SIXTYFIRST_DUPLICATES: Record<string, string> = {
  "xx-local-forecast-alt": "xx-local-forecast",
  "xx-fx-rates-alt": "xx-fx-rates",
  "xx-geocode-alt": "xx-geocode",
  "xx-bg-remove-alt": "xx-bg-remove",
  "xx-transcribe-alt": "xx-transcribe",
  "xx-email-verify-alt": "xx-email-verify",
  "xx-parcel-tracking-alt": "xx-parcel-tracking",
  "xx-sms-send-alt": "xx-sms-send",
};

export const SIXTYFIRST_NEEDS: [need: string, wantedKey: string][] = [
  [
    "We're planning a barbecue in the backyard this Saturday in Leeds. Is it going to rain, and how warm will it get in the afternoon?",
    "xx-local-forecast",
  ],
  [
    "I run a small landscaping crew and schedule jobs a week ahead. Can I pull the expected temperatures and chance of showers for each day next week for our town?",
    "xx-local-forecast",
  ],
  [
    "My son gets really bad hay fever in spring. How do I find out how rough the sneezing season is around us today and over the next few days?",
    "xx-pollen-count",
  ],
  [
    "I live in Oklahoma and sometimes can't hear the sirens. Is there a way to get notified when the authorities put out a tornado or flash flood warning for my county?",
    "xx-severe-alerts",
  ],
  ["I'm heading to Japan next month. How many yen would I get for 500 US dollars right now?", "xx-fx-rates"],
  [
    "I sell handmade jewelry to customers in Europe and get paid in euros. How can I see what a euro was worth in pounds on each day last quarter for my bookkeeping?",
    "xx-fx-rates",
  ],
  [
    "My dad keeps asking me how his Apple and Microsoft shares are doing. Can I get what they closed at yesterday and how much they moved?",
    "xx-stock-quotes",
  ],
  [
    "We're looking at a $420k house with 10% down. What would we pay each month on a 30-year loan, and what interest rates are people in Texas getting these days?",
    "xx-mortgage-calc",
  ],
  [
    "A new supplier sent me their bank details for a wire transfer and I'm nervous about fraud. Can I check that the account code they gave me is correctly formed and which bank it actually belongs to?",
    "xx-bank-routing",
  ],
  [
    "My nephew talked me into buying some Solana and Dogecoin last year. What are they worth today, and how have they done over the past month?",
    "xx-crypto-prices",
  ],
  [
    "I have a spreadsheet of 300 customer addresses for my delivery business. How can I get the map coordinates for each one so I can plot them?",
    "xx-geocode",
  ],
  [
    "I need to drive from Denver to Moab tomorrow morning. How long will it take with the current traffic, and which way should I go?",
    "xx-route-directions",
  ],
  [
    "I just got to a hotel in Lisbon and my kid has a fever. Where's the closest chemist that's open right now?",
    "xx-places-nearby",
  ],
  [
    "I'm building a small app for dog owners in my city. How can I get a list of animal clinics within 5 km of a user, with their phone numbers?",
    "xx-places-nearby",
  ],
  [
    "I'm setting up calls with a client in Perth and keep getting the hour wrong. What time is it there right now, and do they shift their clocks in summer?",
    "xx-timezone",
  ],
  [
    "My mom is flying in on BA 117 tonight and I need to pick her up. Is it running late, and which terminal does it land at?",
    "xx-flight-status",
  ],
  [
    "I'm trying to lose weight and want to log my meals. How many calories and grams of protein are in a chicken Caesar salad and a can of Coke?",
    "xx-nutrition",
  ],
  [
    "We just moved to Asheville and I want to keep up with what's going on in town: school board, road closures, new restaurants. Where can I get a feed of stories from the area?",
    "xx-local-headlines",
  ],
  [
    "My great-grandfather supposedly made the papers in Ohio in the 1920s after a mill fire. How can I search old newspaper pages from back then to find the article?",
    "xx-news-archive",
  ],
  [
    "I'm stuck at work during the Arsenal match. What's the score right now and who's scored?",
    "xx-live-scores",
  ],
  [
    "I'm in a fantasy basketball league and need to choose between two guards. How many points and assists has each averaged this season, and is either of them hurt?",
    "xx-player-stats",
  ],
  [
    "A British firm I'd never heard of wants to take me on as a contractor. How can I confirm they're actually registered, still trading, and who their directors are?",
    "xx-company-registry",
  ],
  [
    "Before signing a lease with a landlord LLC in Delaware, I want to see when it was formed and who's listed behind it. How do I look that up?",
    "xx-company-registry",
  ],
  [
    "A business customer in Germany gave me their tax ID so I can reverse-charge the sales tax on my invoice. How do I confirm that number is legit?",
    "xx-vat-check",
  ],
  [
    "I've got a list of website domains from people who signed up for my newsletter. How can I find out roughly how big each of their businesses is and what sector they're in?",
    "xx-firmographics",
  ],
  [
    "I'm trying to reconnect with my old army buddy John Kessler; last I knew he lived in Ohio. How can I find where he lives now or a number to reach him?",
    "xx-people-finder",
  ],
  [
    "Some number from Florida has called me four times today and never leaves a voicemail. Can I find out who it is or whether it's a scammer?",
    "xx-reverse-phone",
  ],
  [
    "The house next door just sold and I'm curious what they paid for it and who owns it now. Is there a way to look that up?",
    "xx-property-records",
  ],
  [
    "I'm scheduling payroll for staff in Canada and the UK next year. Which days are the official days off in each country so I don't set a pay date when banks are closed?",
    "xx-holiday-calendar",
  ],
  [
    "We bought a used crib and a car seat at a garage sale. How can I check whether either one has been pulled from the market for safety problems?",
    "xx-recalls",
  ],
  [
    "I'm about to hire a guy to redo my roof and want to see whether past customers have taken him to court. How can I look up lawsuits filed against him?",
    "xx-court-cases",
  ],
  [
    "I just felt my building shake a few minutes ago here in San Diego. Was that a quake, and how strong was it?",
    "xx-earthquakes",
  ],
  [
    "I sell vintage clothes on Etsy and photograph them on my messy bedroom floor. How can I make the items sit on a plain white backdrop automatically?",
    "xx-bg-remove",
  ],
  [
    "I need a headshot for LinkedIn, but the only decent photo has my kitchen behind me. Can something isolate just me from that picture cleanly?",
    "xx-bg-remove",
  ],
  [
    "I found a tiny old photo of my grandparents' wedding that's only 400 pixels wide. Is there a way to make it big enough to print without it looking fuzzy?",
    "xx-image-upscale",
  ],
  [
    "I'm making a birthday invitation for my daughter and want a picture of a unicorn riding a skateboard in watercolor. Can you make me one?",
    "xx-text-to-image",
  ],
  [
    "I have a shoebox full of business expense slips from last year. How can I snap pictures of them and get the store, date and amount into a spreadsheet without typing?",
    "xx-receipt-ocr",
  ],
  [
    "I recorded a two-hour interview with my grandmother on my phone. How can I get it written out so I can edit it into a family book?",
    "xx-transcribe",
  ],
  [
    "I post cooking videos on YouTube and want captions. How do I get a subtitle file made from what I say in them?",
    "xx-transcribe",
  ],
  [
    "I wrote a bedtime story and want to turn it into something my kids can listen to, read out loud by a pleasant voice. How can I do that?",
    "xx-tts",
  ],
  [
    "A customer emailed my bakery in Portuguese asking about a wedding cake. Can I get it in English and send my reply back in Portuguese?",
    "xx-translate",
  ],
  [
    "The county office only accepts PDFs, but my application is a Word document and my scans are JPGs. How do I turn them all into a single PDF?",
    "xx-pdf-convert",
  ],
  [
    "A tutorial gave me a short Python script, but I'm on a school Chromebook and can't install anything. Where can I just run it and see what it prints?",
    "xx-code-sandbox",
  ],
  [
    "I'm comparing robot vacuums and want to know what people online are saying about the Roborock S8. Can you pull up the top pages that come up when you look it up?",
    "xx-web-search",
  ],
  [
    "Someone on a dating app has photos that look a little too polished. How can I check whether those pictures were lifted from somewhere else on the internet?",
    "xx-reverse-image-search",
  ],
  [
    "There's a long article on a news site that's buried in pop-ups and ads. Can you grab just the article text from the link so I can read it or summarize it?",
    "xx-page-scraper",
  ],
  [
    "I just redesigned my bakery's website and I don't own an iPhone. How can I see what the homepage looks like on a phone screen?",
    "xx-screenshot",
  ],
  [
    "I rent out power tools through my little shop's app and need to make sure renters are who they claim to be by checking their photo ID against their face. What can do that?",
    "xx-id-verify",
  ],
  [
    "Half the welcome emails from my online store come back undelivered. How can I tell whether a customer's address actually works before I add them to my list?",
    "xx-email-verify",
  ],
  [
    "I want to pitch my catering service to the office manager at a tech company downtown. I know her name and the company website; how do I get her work email?",
    "xx-email-finder",
  ],
  [
    "I ordered a bike part from a shop in China three weeks ago and all I have is a long tracking code. Where is it right now?",
    "xx-parcel-tracking",
  ],
  [
    "My small online shop ships with several different couriers and customers keep emailing to ask where their order is. How can I show them delivery progress in one place no matter who's carrying it?",
    "xx-parcel-tracking",
  ],
  [
    "I'm mailing a 4 lb box of homemade candles from Portland to Chicago. Which carrier is cheapest, and can I print the postage at home?",
    "xx-shipping-rates",
  ],
  [
    "I want to buy a PS5 but I'm not sure now is a good time. Has it been cheaper on Amazon recently than it is today?",
    "xx-price-tracker",
  ],
  [
    "I'm cataloguing the stock at the thrift store where I volunteer by scanning the codes on the back of items. How do I turn those numbers into product names and pictures?",
    "xx-barcode-lookup",
  ],
  [
    "I run a hair salon and clients keep forgetting their appointments. How can I automatically text them a reminder the day before?",
    "xx-sms-send",
  ],
  [
    "Our community soccer club needs to tell 200 parents by text when a game is rained out. What's the easiest way to message all of them at once?",
    "xx-sms-send",
  ],
  [
    "People are signing up to my little marketplace app with fake phone numbers. How do I make them prove the number is really theirs when they register?",
    "xx-otp-verify",
  ],
  [
    "I need to send 3 GB of wedding photos to a couple and email won't take attachments that big. How can I give them a link that stops working after a week?",
    "xx-file-share",
  ],
  [
    "I'm opening a café and want guests to scan something on the table to join our Wi-Fi without typing the password. How do I create that?",
    "xx-qr-code",
  ],
];

export const SIXTYFIRST_UNSERVED: string[] = [
  "I'm going to Barcelona the second weekend of May and want a double room under 150 euros a night. Can you reserve it for me?",
  "We're thinking of taking the train from Paris to Milan. What are the departure times and fares on Thursday?",
  "My asthma flares up when the air is smoggy. How polluted is the air in Delhi today?",
  "There's a song playing in this café that I love. If I record a few seconds of it, can you tell me what it's called?",
  "I want to put some money on the Lakers tonight. What are the point-spread odds at the big sportsbooks?",
  "I'm about to apply for a car loan and want to check my own credit score first. Can you pull it for me?",
  "I just bought a used car. Can you decode its VIN so I can see the exact trim, engine and factory options?",
  "Can you buy 10 shares of Tesla in my brokerage account for me right now?",
  "My kitchen sink is leaking under the cabinet. Can you get a plumber to come out this afternoon?",
  "I need to send a signed contract to a law office that only takes faxes. Can I fax it from here?",
  "My elderly father forgets his pills. What can place an automated voice call to his landline every morning to remind him?",
  "I'm starting a dog-walking business. Is the web address pawsandpaths.com still available to register?",
  "What were the winning Powerball numbers in last night's drawing?",
  "I want to send printed thank-you letters to 50 customers. Can a service print them and put them in the post for me?",
  "How much is a gallon of regular gas at the stations near me right now?",
  "Can you reserve a table for four at an Italian place near Union Square at 7pm tonight?",
  "I need a rental car at Denver airport from Friday to Monday. Can you book me the cheapest one?",
  "I have a 10-minute screen recording as an MP4 and need it turned into a short animated GIF for a product demo. What can convert video like that?",
  "Can you find me a freelance graphic designer to draw a logo for my bakery, and pay them for me?",
  "Which homes are for sale in my neighborhood under $400k right now, with photos and asking prices?",
];
