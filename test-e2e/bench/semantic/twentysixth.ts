/**
 * twentysixth set, written 2026-11-27 blind by a helper. Style: what people ask a personal AI assistant
 * during a normal week when the answer needs a paid data or compute API behind it — household, money,
 * travel, health, shopping, kids' school, hobbies, local errands and work admin. Needs are conversational,
 * often carry context and real place or brand names, and are sometimes two sentences. Listings are
 * real-sounding paid APIs such an assistant could call (consumer data, local info, finance, media tools,
 * documents, etc.).
 */
export const TWENTYSIXTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "g-flight-status",
    "AeroPulse Flight Status",
    "Real-time status for commercial flights worldwide by flight number or route: scheduled vs. estimated departure and arrival times, gate and terminal, delays, cancellations and diversions.",
    "data.other",
  ],
  [
    "g-flight-tracker-live",
    "SkyTrack Live",
    "Live tracking API for airline flights. Look up any flight by carrier code and number to get its current position, revised ETA, gate assignments and delay or cancellation notices.",
    "data.other",
  ],
  [
    "g-airfare-search",
    "FareScout Airfare Search",
    "Search and compare airline fares across carriers and online travel agencies for one-way, round-trip and multi-city itineraries, with flexible-date price calendars. Returns prices and deep links; does not issue tickets.",
    "commerce.products",
  ],
  [
    "g-hotel-rates",
    "StayRate Hotel Availability",
    "Nightly rates and room availability for hotels, resorts and vacation rentals by destination and dates, with guest ratings, amenities and cancellation terms, aggregated from major booking sites.",
    "commerce.products",
  ],
  [
    "g-visa-requirements",
    "EntryDocs Travel Requirements",
    "Entry rules by passport nationality and destination country: whether a visa, eVisa or ETA is needed, allowed length of stay, passport validity rules and vaccination requirements.",
    "data.government",
  ],
  [
    "g-weather-forecast",
    "Nimbus Forecast API",
    "Hourly and 14-day weather forecasts for any location: temperature, precipitation probability, wind, UV index and severe-weather alerts.",
    "data.weather",
  ],
  [
    "g-skycast-weather",
    "SkyCast Weather",
    "Location-based weather data: current conditions plus hour-by-hour and daily outlooks for the next two weeks, including rain chances, wind gusts and official warnings.",
    "data.weather",
  ],
  [
    "g-pollen-air-quality",
    "BreatheWell Pollen & AQI",
    "Daily pollen counts by type (tree, grass, ragweed, mold) and real-time air quality index (PM2.5, ozone, wildfire smoke) with a 5-day outlook, by ZIP code or coordinates.",
    "data.weather",
  ],
  [
    "g-tide-tables",
    "TideLine Tides & Marine",
    "High and low tide times and heights for coastal stations, plus sunrise/sunset, moon phase, water temperature and swell forecasts.",
    "data.weather",
  ],
  [
    "g-drug-interactions",
    "MedCheck Interaction API",
    "Checks a list of prescription drugs, OTC medicines and supplements for known interactions, with severity rating, mechanism and plain-language guidance, from a clinically curated database.",
    "data.science",
  ],
  [
    "g-rx-prices",
    "ScriptSaver Rx Pricing",
    "Cash prices and discount-card coupon prices for prescription medications at nearby pharmacies (CVS, Walgreens, Walmart, Costco and independents), by drug, dose and quantity.",
    "commerce.products",
  ],
  [
    "g-nutrition-facts",
    "NutriBase Food Data",
    "Nutrition facts for 900k+ foods, branded items and restaurant menu items: calories, macros, vitamins and allergens per serving or per 100 g. Supports natural-language meal parsing.",
    "data.science",
  ],
  [
    "g-recipe-search",
    "Pantry Recipes API",
    "Search 2 million recipes by ingredients on hand, cuisine, diet (vegetarian, gluten-free, dairy-free, keto) and cook time; returns ingredient lists, steps and serving scaling.",
    "data.other",
  ],
  [
    "g-grocery-prices",
    "CartCompare Grocery Prices",
    "Current shelf prices and weekly deals for grocery items at supermarket chains such as Kroger, Safeway, Aldi, Target and Walmart, by store location.",
    "commerce.products",
  ],
  [
    "g-vin-recalls",
    "RecallCheck Vehicle",
    "Decodes a 17-character VIN (make, model, year, trim, engine) and lists open safety recalls and manufacturer service campaigns from NHTSA and Transport Canada.",
    "data.government",
  ],
  [
    "g-product-recalls",
    "SafeHome Product Recalls",
    "Search consumer product recalls and safety warnings from CPSC, FDA and Health Canada for toys, cribs, car seats, appliances, food and cosmetics, by brand, model or UPC.",
    "data.government",
  ],
  [
    "g-package-tracking",
    "ParcelPoint Tracking",
    "Unified shipment tracking for 1,200+ carriers including UPS, FedEx, USPS, DHL and Amazon Logistics: status events, current location and estimated delivery from a tracking number.",
    "commerce.shipping",
  ],
  [
    "g-shipwatch",
    "ShipWatch Parcel API",
    "Paste any carrier's tracking code and get normalized scan history, where the parcel is now and when it's expected to arrive. Covers postal services, couriers and e-commerce logistics worldwide.",
    "commerce.shipping",
  ],
  [
    "g-shipping-rates",
    "PostQuote Shipping Rates",
    "Compare postage and courier rates for a package by weight, dimensions, origin and destination across USPS, UPS, FedEx and DHL, with delivery-time estimates; buy and print labels.",
    "commerce.shipping",
  ],
  [
    "g-fx-rates",
    "FXLive Currency Rates",
    "Real-time and historical exchange rates for 170 currencies, plus a conversion endpoint, updated every 60 seconds.",
    "data.finance",
  ],
  [
    "g-money-convert",
    "Cambio Rates API",
    "Mid-market foreign exchange quotes and amount conversion between world currencies, with daily history back to 1999.",
    "data.finance",
  ],
  [
    "g-stock-quotes",
    "TickerFeed Market Data",
    "Quotes for US and international stocks and ETFs: latest price, daily change, 52-week range, dividends, earnings dates and basic fundamentals.",
    "data.finance",
  ],
  [
    "g-crypto-prices",
    "ChainQuote Crypto Prices",
    "Spot prices, market cap and 24h volume for 10,000+ cryptocurrencies and tokens, aggregated across major exchanges, with historical OHLC.",
    "data.crypto",
  ],
  [
    "g-mortgage-rates",
    "RateWatch Mortgage",
    "Daily average mortgage and refinance rates by loan type (30-year fixed, 15-year fixed, ARM, FHA, VA), credit tier and state, plus a payment calculator.",
    "data.finance",
  ],
  [
    "g-home-value",
    "HomeWorth AVM",
    "Automated valuation for US residential properties by address: estimated market value with confidence range, recent comparable sales, last sale price and rent estimate.",
    "data.other",
  ],
  [
    "g-sales-tax",
    "TaxRate Lookup",
    "Combined sales tax rate for any US address, broken down by state, county, city and special districts, with product taxability rules.",
    "data.finance",
  ],
  [
    "g-paycheck-calc",
    "NetPay Calculator API",
    "Computes take-home pay from gross salary or hourly wages: federal, state and local income tax withholding, Social Security, Medicare and pre-tax deductions, for every US state.",
    "data.finance",
  ],
  [
    "g-receipt-ocr",
    "SnapLedger Receipt OCR",
    "Extracts merchant, date, line items, tax, tip and total from photos or PDFs of receipts and invoices, returning structured JSON for expense tracking.",
    "compute.image",
  ],
  [
    "g-pdf-toolkit",
    "DocForge PDF API",
    "Merge, split, compress, rotate and convert PDFs to and from Word, Excel, images and HTML; fill PDF form fields programmatically.",
    "compute.other",
  ],
  [
    "g-esignature",
    "InkSend eSignature",
    "Send documents for legally binding electronic signature, track who has signed, send reminders and download the completed, audit-trailed copy.",
    "agent.tools",
  ],
  [
    "g-transcription",
    "VoxScribe Speech-to-Text",
    "Transcribes audio and video files in 50+ languages with speaker labels, timestamps and punctuation; handles phone calls, meetings and voice memos.",
    "compute.audio",
  ],
  [
    "g-audio-to-text",
    "ClearNotes Transcribe",
    "Upload a recording and receive an accurate written transcript, split by speaker with time codes. Good for interviews, lectures and podcasts.",
    "compute.audio",
  ],
  [
    "g-translation",
    "Lingo Translate API",
    "Neural machine translation of text and documents between 130 languages with automatic language detection and formality control.",
    "compute.inference",
  ],
  [
    "g-background-removal",
    "CutOut Background Remover",
    "Removes the background from product shots, portraits and pet photos in one call, returning a transparent PNG or a replacement color or backdrop.",
    "compute.image",
  ],
  [
    "g-photo-restore",
    "Revive Photo Restoration",
    "AI restoration of old or damaged photographs: fixes scratches, tears and fading, sharpens faces, upscales resolution and optionally colorizes black-and-white images.",
    "compute.image",
  ],
  [
    "g-sms-send",
    "TextRelay SMS",
    "Send and receive SMS and MMS messages to mobile numbers in 190 countries via a simple REST call, with delivery receipts and scheduled sending.",
    "communication.sms",
  ],
  [
    "g-email-verify",
    "MailProof Email Verification",
    "Checks whether an email address is valid and deliverable: syntax, domain MX records, mailbox existence, and disposable or role-account detection.",
    "identity.email",
  ],
  [
    "g-school-ratings",
    "SchoolScope Ratings",
    "K-12 school profiles for US public and private schools: test score proficiency, ratings, student-teacher ratio, enrollment, and attendance-zone lookup by home address.",
    "data.government",
  ],
  [
    "g-math-solver",
    "StepWise Math Solver",
    "Solves math problems from arithmetic through algebra, geometry and calculus, from typed text or a photo of a worksheet, returning step-by-step explanations.",
    "compute.inference",
  ],
  [
    "g-restaurant-finder",
    "TableFind Local Dining",
    "Search restaurants, cafes and bars near a location by cuisine, price level, dietary options and open-now status, with ratings, review snippets, menus and hours. Listing data only; no reservations.",
    "data.maps",
  ],
  [
    "g-eatery-search",
    "Forkful Places",
    "Discover places to eat: filter nearby eateries by food type, budget, hours and dietary needs, and get ratings, popular dishes and photos.",
    "data.maps",
  ],
  [
    "g-gas-prices",
    "FuelFinder Prices",
    "Crowd-sourced and station-reported fuel prices for regular, premium and diesel at gas stations near a location or along a route, updated hourly.",
    "data.maps",
  ],
  [
    "g-ev-chargers",
    "PlugMap EV Charging",
    "Locations of EV charging stations with connector types (CCS, NACS, CHAdeMO, J1772), power levels, network, pricing and live port availability.",
    "data.maps",
  ],
  [
    "g-transit-routes",
    "TransitHop Journey Planner",
    "Public transport trip planning for buses, subways, trams and trains in 400 cities: itineraries, transfers, real-time departures and fares.",
    "data.maps",
  ],
  [
    "g-parking",
    "SpotFinder Parking",
    "Find and compare parking garages and lots near a destination with hourly and event rates, opening hours, height limits and live space availability.",
    "data.maps",
  ],
  [
    "g-event-tickets",
    "GigRadar Events & Tickets",
    "Search upcoming concerts, sports games, theater and comedy shows by city, date or performer, with venue details and current ticket prices across primary and resale marketplaces.",
    "commerce.products",
  ],
  [
    "g-movie-showtimes",
    "ReelTimes Showtimes",
    "Movie showtimes for cinemas in the US, Canada and UK (AMC, Regal, Cinemark, Odeon and independents), with formats like IMAX and 3D, ratings and runtimes.",
    "data.other",
  ],
  [
    "g-streaming-availability",
    "WatchWhere Streaming Guide",
    "Tells you which streaming services carry a movie or TV series in a given country (subscription, rent or buy), including Netflix, Disney+, Max, Prime Video and Hulu, with departure dates.",
    "data.other",
  ],
  [
    "g-streamfinder",
    "FlixLocator",
    "Catalog availability across 150+ video platforms in 60 countries: look up any film or show and get the apps where it can be watched and at what cost.",
    "data.other",
  ],
  [
    "g-sports-scores",
    "ScoreBoard Sports Data",
    "Live scores, schedules, standings and box scores for the NFL, NBA, MLB, NHL, MLS, Premier League and college sports.",
    "data.sports",
  ],
  [
    "g-book-metadata",
    "Shelfmark Books API",
    "Book metadata by ISBN, title or author: editions, page count, publisher, cover images, reading level (Lexile) and series order.",
    "data.other",
  ],
  [
    "g-price-history",
    "PriceTrail Amazon Tracker",
    "Historical price charts and lowest-ever prices for Amazon products by ASIN or URL, with price-drop alert webhooks.",
    "commerce.products",
  ],
  [
    "g-dealwatch",
    "DealHound Price History",
    "Tracks online retail listings over time so you can see past prices, average vs. current price, and get notified when an item falls below a target.",
    "commerce.products",
  ],
  [
    "g-barcode-lookup",
    "UPCBase Barcode Lookup",
    "Resolve UPC/EAN barcodes to product name, brand, images, category and specs, with store offers where available.",
    "commerce.products",
  ],
  [
    "g-company-registry",
    "CorpFile Business Registry",
    "Official company registration records from US Secretaries of State and 100+ national registries: legal name, status, incorporation date, registered agent and officers.",
    "data.company",
  ],
  [
    "g-public-holidays",
    "HolidayAPI Calendar",
    "Public and bank holidays for 230 countries and their states or provinces, including observed dates and school holiday periods for selected countries.",
    "data.government",
  ],
  [
    "g-news-search",
    "Newsdesk Search API",
    "Search articles from 80,000 news sources by keyword, topic, outlet and date, with headlines, summaries and sentiment.",
    "data.news",
  ],
  [
    "g-phone-lookup",
    "CallerTrue Phone Lookup",
    "Reverse phone number lookup: carrier, line type (mobile, landline, VoIP), caller name (CNAM), location and spam/scam likelihood score.",
    "data.people",
  ],
  [
    "g-contractor-license",
    "LicenseVerify Trades",
    "Verify state contractor licenses for plumbers, electricians, roofers and general contractors: license status, expiration, bond and insurance, and disciplinary actions.",
    "data.government",
  ],
  [
    "g-plant-id",
    "LeafLens Plant ID",
    "Identify plants, flowers, trees and weeds from a photo, with common and scientific names, care instructions, toxicity to pets, and disease detection.",
    "compute.image",
  ],
];

/** Near-duplicate competitor key -> the key of the listing it competes with (both serve the same needs). */
export const TWENTYSIXTH_DUPLICATES: Record<string, string> = {
  "g-flight-tracker-live": "g-flight-status",
  "g-skycast-weather": "g-weather-forecast",
  "g-shipwatch": "g-package-tracking",
  "g-money-convert": "g-fx-rates",
  "g-audio-to-text": "g-transcription",
  "g-eatery-search": "g-restaurant-finder",
  "g-streamfinder": "g-streaming-availability",
  "g-dealwatch": "g-price-history",
};

/** [need, key of the listing that serves it] (its duplicate counts as serving it too). */
export const TWENTYSIXTH_NEEDS: [need: string, key: string][] = [
  [
    "My mom is flying into O'Hare on United 1432 this evening. Is she still coming in on time, and which part of the airport should I pick her up from?",
    "g-flight-status",
  ],
  ["Is Delta 88 from Atlanta to Paris running late tonight?", "g-flight-tracker-live"],
  [
    "What's the cheapest way to get from Boston to Lisbon sometime in the second half of March? We can shift by a few days either way.",
    "g-airfare-search",
  ],
  [
    "Find us somewhere to stay near Disneyland in Anaheim for June 12-15, two adults and two kids, under $250 a night, that we can back out of if plans change.",
    "g-hotel-rates",
  ],
  [
    "I have an Indian passport and I'm planning a trip to Japan. Do I need to apply for anything before I fly, and how long am I allowed to stay?",
    "g-visa-requirements",
  ],
  [
    "Should we move Saturday's backyard birthday party in Austin indoors? Is it going to pour that afternoon?",
    "g-weather-forecast",
  ],
  [
    "How gusty will it be at Lake Tahoe on Sunday morning? I want to take the kayak out.",
    "g-skycast-weather",
  ],
  [
    "How bad is hay fever season around Columbus, Ohio this week? My son's allergies are acting up.",
    "g-pollen-air-quality",
  ],
  [
    "When is the water lowest at Cannon Beach on Saturday morning? The kids want to explore the pools around Haystack Rock.",
    "g-tide-tables",
  ],
  [
    "I'm on lisinopril. Is it okay to take Advil for my back, or do those two not mix?",
    "g-drug-interactions",
  ],
  [
    "My insurance stopped covering my atorvastatin 40 mg. Where near 60614 can I fill 90 tablets for the least out of pocket?",
    "g-rx-prices",
  ],
  [
    "How many calories and grams of protein are in a Chipotle chicken burrito bowl with rice, beans and guac?",
    "g-nutrition-facts",
  ],
  [
    "I've got chicken thighs, a can of coconut milk and some spinach. What can I make for dinner in under 40 minutes with no milk or cheese?",
    "g-recipe-search",
  ],
  [
    "Are eggs and a gallon of milk cheaper at Publix or Winn-Dixie near us in Tampa this week?",
    "g-grocery-prices",
  ],
  [
    "We're about to buy a used 2019 Honda Odyssey, VIN 5FNRL6H79KB012345. Does it have any unfixed safety problems the dealer should have taken care of?",
    "g-vin-recalls",
  ],
  [
    "Has the Graco high chair we got secondhand from my sister-in-law ever been pulled off shelves for being dangerous?",
    "g-product-recalls",
  ],
  [
    "Where's my order? The FedEx number is 774912345678 and it was supposed to show up yesterday.",
    "g-package-tracking",
  ],
  [
    "Can you check on the parcel from my Etsy seller in England? Royal Mail reference JD123456789GB. Has it made it through customs yet?",
    "g-shipwatch",
  ],
  [
    "What's the cheapest way to send a 6 lb box of Christmas gifts from Seattle to my parents in Tampa so it gets there before the 20th?",
    "g-shipping-rates",
  ],
  ["How much is 250 euros in US dollars today?", "g-fx-rates"],
  [
    "What was the British pound worth against the Japanese yen during our honeymoon in June 2019?",
    "g-money-convert",
  ],
  ["How are Costco shares doing today, and when do they next report quarterly results?", "g-stock-quotes"],
  ["What's my 0.35 ETH worth right now, and where is Solana trading?", "g-crypto-prices"],
  [
    "We're thinking about redoing our home loan. What are typical rates on a 30-year in North Carolina right now for someone with a 760 score?",
    "g-mortgage-rates",
  ],
  [
    "What could we realistically get for our house at 412 Maple Ave, Naperville IL if we listed it this spring?",
    "g-home-value",
  ],
  [
    "I'm buying a $1,800 couch at a store in Evanston, Illinois. How much extra will get tacked on at the register?",
    "g-sales-tax",
  ],
  [
    "If I take the $95k job offer in New York City, how much would actually land in my bank account every two weeks?",
    "g-paycheck-calc",
  ],
  [
    "Here's a picture of the slip from last night's client dinner. Pull out the total, tax and tip so I can file my expense report.",
    "g-receipt-ocr",
  ],
  [
    "Combine these three scanned pages of my lease into one file and make it small enough to email.",
    "g-pdf-toolkit",
  ],
  [
    "Get the babysitting agreement over to Maria so she can sign it from her phone, and let me know once she's done.",
    "g-esignature",
  ],
  [
    "Turn the recording I made at my cardiologist appointment into written notes I can read later.",
    "g-transcription",
  ],
  [
    "Can you write out what everyone said in the recorded Zoom from the PTA meeting, and note who said what?",
    "g-audio-to-text",
  ],
  ["Put this email to our Airbnb host in Porto into Portuguese, keeping it polite.", "g-translation"],
  [
    "I'm selling my old KitchenAid mixer on Facebook Marketplace. Can you swap out my messy counter behind it for plain white?",
    "g-background-removal",
  ],
  [
    "My grandma's wedding picture from 1952 is cracked and faded. Can you fix it up for her 90th birthday, and maybe add color?",
    "g-photo-restore",
  ],
  ["Text all the parents on the carpool list that pickup is at 3:45 instead of 3:15 tomorrow.", "g-sms-send"],
  [
    "Before I send out the book club invitations, can you check which of these addresses are dead or fake so nothing bounces?",
    "g-email-verify",
  ],
  [
    "We're looking at a house at 2200 Parker Rd in Plano. Which elementary school would the kids go to, and is it any good?",
    "g-school-ratings",
  ],
  [
    "My 8th grader is stuck on 3(x - 4) = 2x + 5. Can you walk me through how to get the answer so I can help her?",
    "g-math-solver",
  ],
  [
    "Any good ramen spots still serving near Union Square in San Francisco that won't cost a fortune?",
    "g-restaurant-finder",
  ],
  [
    "We need a kid-friendly place for brunch in Park Slope this Sunday that can do gluten-free.",
    "g-eatery-search",
  ],
  ["Where should I fill up the truck cheapest between Albuquerque and Flagstaff on I-40?", "g-gas-prices"],
  [
    "My Ioniq 5 is at 18% near Bakersfield. Where's the closest fast plug-in spot that's free right now?",
    "g-ev-chargers",
  ],
  [
    "How do we get from JFK to our hotel in Midtown on the subway or train, and what does it cost?",
    "g-transit-routes",
  ],
  [
    "We're going to the Bruins game at TD Garden. Where can I leave the car nearby without paying $60?",
    "g-parking",
  ],
  [
    "Is Olivia Rodrigo playing anywhere near Dallas this fall, and how much are seats going for?",
    "g-event-tickets",
  ],
  ["What times is the new Pixar film on tonight at the Alamo Drafthouse in Brooklyn?", "g-movie-showtimes"],
  [
    "Is The Princess Bride on any of the services we already pay for, or would we have to pay extra to watch it tonight?",
    "g-streaming-availability",
  ],
  ["Can I watch Ted Lasso in Canada, and which app would I need for it?", "g-streamfinder"],
  ["Did the Packers win last night, and where are they in the NFC North now?", "g-sports-scores"],
  [
    "My 9-year-old finished the first Wings of Fire book. Which one comes next, and is it too advanced for a third grader?",
    "g-book-metadata",
  ],
  ["Is $229 a good deal for the Dyson V8 on Amazon, or has it gone lower before?", "g-price-history"],
  ["Let me know if a Ninja Creami drops under $150 at any online store.", "g-dealwatch"],
  [
    "I found a box in the garage with only the number 885909950805 printed under the stripes. What is it?",
    "g-barcode-lookup",
  ],
  [
    "A landscaping outfit called GreenEdge Solutions LLC sent me an invoice. Is it a real, legally formed business in Florida, and who's behind it?",
    "g-company-registry",
  ],
  [
    "Is Monday October 13 a day off for banks in Canada? I need to know if my transfer will go through.",
    "g-public-holidays",
  ],
  ["What's been written lately about the teachers' strike in the Portland schools?", "g-news-search"],
  [
    "Some 802 number has called me four times today without leaving a voicemail. Is it a scammer?",
    "g-phone-lookup",
  ],
  [
    "The roofer quoting our job says his Arizona ROC number is 312345. Is that legit and current, and has he gotten in trouble before?",
    "g-contractor-license",
  ],
  [
    "What's this little purple-flowered thing taking over my lawn, and is it dangerous for our cat? Photo attached.",
    "g-plant-id",
  ],
];

/** Needs that no listing in this file serves (an honest engine returns nothing). */
export const TWENTYSIXTH_UNSERVED: string[] = [
  "Book us a table for six at Carbone on Saturday at 7:30.",
  "Go ahead and buy the two Taylor Swift tickets in section 112 and put them on my Visa.",
  "Our checked bag didn't arrive on the American flight into Phoenix. File a lost luggage claim for us.",
  "Schedule a well-child checkup for Emma next week with a pediatrician who takes Aetna.",
  "Pay the $45 parking ticket I got in Philadelphia last Tuesday.",
  "What's my current credit score, and why did it drop last month?",
  "Which lifts and trails are open at Stowe this morning?",
  "Find me a dog walker in Capitol Hill who can come on weekdays around noon.",
  "Get me car insurance quotes for adding my 16-year-old to our policy.",
  "What grade did Jacob get on yesterday's science test? It should be up on the school portal.",
  "What song is playing in this clip I recorded at the coffee shop?",
  "Fax my signed medical records release to Dr. Patel's office at 555-201-8890.",
  "Get this affidavit notarized online today so I can send it to the court.",
  "Find a plumber who can come tomorrow morning for our leaking water heater and book them.",
  "Compare rental car prices at the Orlando airport for next week.",
  "What's on the lunch menu at Lincoln Elementary on Thursday?",
  "How long is the wait at the Sacramento DMV office right now?",
  "Scan the microchip info for this stray dog we found so we can reach its owner.",
  "Which dentists near me are in-network for Delta Dental PPO?",
  "Cancel my Peloton membership and make sure I'm not billed again.",
];
