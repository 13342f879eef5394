/**
 * TWENTYFIRST set, written 2026-11-27 blind by a helper. Style: needs lifted out of an autonomous agent's
 * multi-step plan, each carrying context from the task around it (step numbers, what was already done, what the
 * result feeds into), sometimes mentioning a second thing that is not what the step needs to buy. Domains: travel,
 * logistics and shipping, real estate, local businesses, events, food, retail and e-commerce operations,
 * automotive, home services.
 */
export const TWENTYFIRST_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  // travel
  [
    "b-flight-fares",
    "Farewise",
    "Live fare shopping across 400+ full-service and low-cost airlines. Query by origin, destination, dates and passengers; returns itineraries, cabin, baggage allowance and total price. Shopping only; ticketing is handled by your own agency.",
    "data.other",
  ],
  [
    "b-hotel-rates",
    "Bedrock Stays",
    "Nightly rates and room availability for 900k hotels worldwide, with taxes and fees, cancellation policy and guest score per property. Filter by radius around a point, star rating and amenities.",
    "commerce.products",
  ],
  [
    "b-flight-status",
    "Tailwatch",
    "Real-time flight status by flight number or route: gate, terminal, estimated departure and arrival, delays, cancellations and diversions, fused from ADS-B and airline feeds.",
    "data.other",
  ],
  [
    "b-airline-ontime",
    "GatePulse",
    "Know when a plane will actually land. Live departure and arrival times, gate changes and cancellation alerts for commercial flights worldwide.",
    "data.other",
  ],
  [
    "b-visa-rules",
    "Borderly",
    "Entry requirements by passport nationality and destination: visa-free stay length, e-visa and ETA eligibility, passport validity rules and transit visa needs.",
    "data.government",
  ],
  [
    "b-car-rental",
    "Kerbside Rentals",
    "Compare rental car quotes from major and local agencies at airports and city branches: vehicle class, daily rate, mileage policy and insurance extras.",
    "commerce.products",
  ],
  [
    "b-rail-timetables",
    "Platform Nine",
    "Train timetables and fares for UK and European rail operators, including high-speed and night trains. Journey planner with connections and per-class pricing.",
    "data.other",
  ],
  [
    "b-fx-rates",
    "Mintmark FX",
    "Mid-market exchange rates for 170 fiat currencies, real-time and historical daily closes. Convert any amount between currencies in one call.",
    "data.finance",
  ],

  // logistics and shipping
  [
    "b-parcel-rates",
    "RateDock",
    "Compare parcel shipping prices from UPS, FedEx, USPS, DHL and regional carriers for a package's weight, dimensions and origin/destination, with transit-day estimates per service level.",
    "commerce.shipping",
  ],
  [
    "b-package-tracking",
    "Trackwell",
    "Unified tracking for 1,200 carriers: submit a tracking number and get normalized status events, current location and estimated delivery date. Webhooks on status changes.",
    "commerce.shipping",
  ],
  [
    "b-parcel-locator",
    "WhereIsMyBox",
    "One endpoint for parcel whereabouts: auto-detects the courier from the code you paste and returns the full scan history and expected delivery day.",
    "commerce.shipping",
  ],
  [
    "b-freight-ltl",
    "Palletline Quote",
    "Instant LTL and full-truckload freight quotes for palletized shipments across North America. Provide freight class, pallet count and accessorials such as liftgate; get carrier bids with transit times.",
    "commerce.shipping",
  ],
  [
    "b-hs-classify",
    "Tariffa",
    "Classify products into HS/HTS tariff codes from a title and description, and estimate the import duties and taxes due in the destination country.",
    "commerce.shipping",
  ],
  [
    "b-container-track",
    "Boxship Live",
    "Ocean container tracking by container or bill of lading number: vessel name, port of loading, transshipments, ETA at the destination port and gate-out events.",
    "commerce.shipping",
  ],

  // maps and addresses
  [
    "b-address-verify",
    "MailRight",
    "CASS-certified US address verification and standardization: corrects street spellings, appends ZIP+4, flags missing unit numbers and undeliverable addresses (DPV).",
    "data.maps",
  ],
  [
    "b-deliverable-address",
    "Doorstep Verify",
    "Check whether a mailing address is real and deliverable before you ship. Normalizes formatting to postal standards and returns apartment/suite problems plus a residential or commercial flag.",
    "data.maps",
  ],
  [
    "b-geocode",
    "Pinpoint Geo",
    "Forward and reverse geocoding: turn addresses and place names into latitude/longitude with a precision level, or coordinates back into a formatted address. Batch endpoint for large files.",
    "data.maps",
  ],
  [
    "b-route-matrix",
    "Waypath",
    "Driving, walking and transit routes with travel time and distance, traffic-aware ETAs for a given departure time, and many-to-many distance matrices.",
    "data.maps",
  ],

  // real estate
  [
    "b-rent-comps",
    "Rentscope",
    "Rental comparables for any US address: nearby active and recently leased units with beds, baths, square footage, asking rent and days on market, plus an estimated market rent.",
    "data.other",
  ],
  [
    "b-rental-market",
    "LeaseLens",
    "Median and comparable rents by bedroom count around a property, drawn from live listings and signed-lease data, so you can price a unit right.",
    "data.other",
  ],
  [
    "b-home-avm",
    "Hearthvalue",
    "Automated valuation model for residential property: estimated sale value with a confidence range, recent comparable sales and the price trend for the ZIP.",
    "data.finance",
  ],
  [
    "b-property-records",
    "Deedbook",
    "County-sourced property records: current owner of record, deed and sale history, recorded mortgages and liens, lot size, assessed value and annual property tax.",
    "data.government",
  ],
  [
    "b-flood-risk",
    "Highwater",
    "FEMA flood zone designation and base flood elevation for an address, plus wildfire and hurricane hazard scores for underwriting and due diligence.",
    "data.government",
  ],
  [
    "b-mortgage-rates",
    "RateLadder",
    "Daily average mortgage rates by product (30-year fixed, 15-year, ARM, FHA, VA, jumbo) at national and state level, with points and APR.",
    "data.finance",
  ],
  [
    "b-school-zones",
    "Classmap",
    "School attendance zones and ratings for an address: assigned elementary, middle and high schools, test-score ratings and student-teacher ratios.",
    "data.other",
  ],

  // local businesses
  [
    "b-places",
    "Nearby Index",
    "Search local businesses by category or name around a point: hours, phone, website, price level and whether they are open now.",
    "data.maps",
  ],
  [
    "b-review-digest",
    "Chorus Reviews",
    "Aggregates customer reviews for a business from Google, Yelp, Tripadvisor and more; returns review text, star distribution and an AI summary of common praise and complaints.",
    "data.other",
  ],
  [
    "b-entity-lookup",
    "Charterly",
    "Secretary of State business entity search across all 50 states: legal name, entity type, status (active, dissolved, delinquent), formation date, registered agent and officers.",
    "data.company",
  ],

  // events
  [
    "b-events",
    "Happening",
    "Concert, sports, theatre, festival and comedy listings by city and date range, with venue, lineup and start times.",
    "data.other",
  ],
  [
    "b-ticket-market",
    "Resale Radar",
    "Secondary-market ticket inventory for live events: section, row, quantity and all-in price across resale exchanges, with price history per event. Pricing intelligence for brokers and apps.",
    "data.other",
  ],
  [
    "b-venue-hire",
    "Roomspace Venues",
    "Private event spaces for hire (banquet halls, rooftops, lofts, wedding venues) with seated and standing capacity, hire fees, catering rules and availability calendars.",
    "data.other",
  ],
  [
    "b-weather",
    "Nimbus Hourly",
    "Hourly and 15-day weather forecasts for any coordinates: temperature, precipitation probability, wind gusts, UV index and severe weather alerts.",
    "data.weather",
  ],
  [
    "b-forecast-pro",
    "Skyline Outlook",
    "Know if it will rain on your plans. Point forecasts by the hour out to two weeks, with storm warnings and feels-like temperatures.",
    "data.weather",
  ],
  [
    "b-holidays",
    "Calendarium",
    "Public and bank holidays for 200+ countries and their regions, including observed dates, school holiday periods and half-day closures.",
    "data.other",
  ],

  // food
  [
    "b-table-booking",
    "Seatfinder",
    "Reserve restaurant tables programmatically: check open time slots by party size and confirm a booking at partner restaurants in 40 cities.",
    "agent.tools",
  ],
  [
    "b-menus",
    "Menuboard",
    "Structured restaurant menus: dishes, descriptions, prices, dietary tags (vegan, gluten-free, halal) and modifiers for 600k restaurants.",
    "data.other",
  ],
  [
    "b-nutrition",
    "Macrofacts",
    "Nutrition facts for foods, branded products and free-text recipes: calories, macros, micronutrients and allergens per serving.",
    "data.science",
  ],
  [
    "b-food-recalls",
    "Recall Sentinel",
    "FDA and USDA-FSIS food recall and allergen alert feed, searchable by brand, product, lot code and UPC, with recall class and states of distribution.",
    "data.government",
  ],
  [
    "b-inspections",
    "CleanPlate Scores",
    "Restaurant health inspection results from city and county health departments: scores, letter grades, violation details and inspection dates.",
    "data.government",
  ],

  // retail and e-commerce operations
  [
    "b-upc-lookup",
    "Barcodex",
    "Look up any UPC, EAN or ISBN and get product title, brand, category, images, dimensions and weight.",
    "commerce.products",
  ],
  [
    "b-price-monitor",
    "Pricehawk",
    "Monitor competitor prices on Amazon, Walmart, Target and Shopify stores: current price, Buy Box owner, stock status and price history per SKU.",
    "commerce.products",
  ],
  [
    "b-sales-tax",
    "Levy",
    "Sales tax rate lookup and calculation for US and Canadian addresses down to the rooftop, with state, county, city and special district breakdown and product taxability codes.",
    "data.finance",
  ],
  [
    "b-tax-calc",
    "Cartax",
    "Compute the exact sales tax to charge at checkout from a ship-to address and the cart's line items. Jurisdiction-level rates, refreshed monthly.",
    "data.finance",
  ],
  [
    "b-order-fraud",
    "Riskgate",
    "Fraud risk score for e-commerce orders from IP, device, email age, billing/shipping mismatch and card BIN signals. Returns an approve, review or decline recommendation.",
    "identity.kyc",
  ],
  [
    "b-bg-remove",
    "Cutout Studio",
    "Removes backgrounds from product photos and returns transparent PNG or white-background JPEG sized to marketplace listing requirements.",
    "compute.image",
  ],
  [
    "b-clean-backdrop",
    "Isolate",
    "Automatic subject isolation for catalog images: drops the backdrop, keeps fine edges like hair and glass, and outputs alpha-matted images in bulk.",
    "compute.image",
  ],
  [
    "b-product-copy",
    "Blurbcraft",
    "Generates SEO product titles, bullet points and long descriptions from a few attributes, in your brand voice, sized for Amazon, Shopify and eBay.",
    "compute.inference",
  ],
  [
    "b-email-verify",
    "Bounceless",
    "Email address verification: syntax, domain MX, mailbox existence via SMTP handshake, and disposable or role-account detection.",
    "identity.email",
  ],
  [
    "b-sms",
    "Textline Relay",
    "Send transactional SMS to 190 countries via API, with delivery receipts, custom sender IDs and two-way replies.",
    "communication.sms",
  ],

  // automotive
  [
    "b-vin-decode",
    "VINdex",
    "Decode a 17-character VIN into year, make, model, trim, engine, transmission, drivetrain and factory options.",
    "data.other",
  ],
  [
    "b-vin-specs",
    "Chassis ID",
    "Turn any vehicle identification number into its build specs: model year, body style, engine size, fuel type and plant of manufacture.",
    "data.other",
  ],
  [
    "b-vehicle-history",
    "Provenance Auto",
    "Vehicle history reports by VIN: reported accidents, title brands (salvage, flood, lemon), odometer readings, number of owners and service records.",
    "data.other",
  ],
  [
    "b-car-value",
    "Tradeval",
    "Used vehicle market values by year, make, model, trim, mileage and ZIP: trade-in, private party and dealer retail price ranges.",
    "data.finance",
  ],
  [
    "b-vehicle-recalls",
    "Safetycheck Auto",
    "Open safety recalls and technical service bulletins by VIN or make/model/year, sourced from NHTSA and manufacturers, with remedy status.",
    "data.government",
  ],
  [
    "b-fuel-prices",
    "Pumpwatch",
    "Current gas and diesel prices at stations near a location or along a route, crowd-sourced and updated throughout the day.",
    "data.other",
  ],
  [
    "b-ev-chargers",
    "Plugmap",
    "EV charging station locations with connector types, charging speed, network, pricing and live stall availability.",
    "data.maps",
  ],
  [
    "b-parts-fit",
    "Fitment Hub",
    "Auto parts compatibility: given year, make, model and engine, returns the OEM and aftermarket part numbers that fit, with interchange data across brands.",
    "commerce.products",
  ],

  // home services
  [
    "b-contractor-license",
    "Licensecheck Pro",
    "Verify contractor licenses with state and local licensing boards: license status, classification, expiry, bond and workers' comp insurance, disciplinary actions.",
    "data.government",
  ],
  [
    "b-repair-costs",
    "Fixquote Index",
    "Local cost estimates for home repair and remodeling jobs (roof replacement, water heater install, drywall repair) with labor and material ranges by ZIP.",
    "data.other",
  ],
  [
    "b-utility-lookup",
    "Hookup Finder",
    "Find which electricity, gas, water, trash and internet providers serve an address, with available plans and setup contacts.",
    "data.other",
  ],
];

/** near-duplicate competitor key -> the listing it competes with (either one answers the need right) */
export const TWENTYFIRST_DUPLICATES: Record<string, string> = {
  "b-airline-ontime": "b-flight-status",
  "b-parcel-locator": "b-package-tracking",
  "b-deliverable-address": "b-address-verify",
  "b-rental-market": "b-rent-comps",
  "b-forecast-pro": "b-weather",
  "b-tax-calc": "b-sales-tax",
  "b-clean-backdrop": "b-bg-remove",
  "b-vin-specs": "b-vin-decode",
};

/** [need text, key of the listing that serves it] — each served need names one of the 52 services (not a competitor key) */
export const TWENTYFIRST_NEEDS: [need: string, key: string][] = [
  // travel
  [
    "step 2 of the trip plan: find out what it costs to fly Denver to Lisbon, leaving March 8 and back March 16, two adults, so I can compare it against the budget the user gave me",
    "b-flight-fares",
  ],
  [
    "before proposing an itinerary I should see which airlines fly nonstop SFO to Tokyo next month and how much each is with one checked bag",
    "b-flight-fares",
  ],
  [
    "step 3: the user wants somewhere to sleep within walking distance of the Austin convention center for Oct 12-15; pull what's still free and the nightly cost including taxes",
    "b-hotel-rates",
  ],
  [
    "step 5: the client's airport pickup depends on whether UA 1547 into O'Hare is running late tonight; check it before dispatching the driver",
    "b-flight-status",
  ],
  [
    "planning a Vietnam leg for a traveler on an Indian passport: do they have to apply for anything before flying, and how many days can they stay?",
    "b-visa-rules",
  ],
  [
    "task step 4: after landing in Reykjavik they need a 4x4 for a week picked up at the airport; compare what the agencies charge per day",
    "b-car-rental",
  ],
  [
    "for the Paris to Amsterdam leg the user would rather take the train; get departure times and ticket prices for the 14th",
    "b-rail-timetables",
  ],
  [
    "while building the trip budget in dollars I need today's conversion for the 2,300 Swiss franc chalet deposit",
    "b-fx-rates",
  ],

  // logistics and shipping
  [
    "step 2 of fulfilling order #4471: 3 lb box, 12x10x6 inches, Ohio to Oregon; which carrier is cheapest if it has to arrive within three days?",
    "b-parcel-rates",
  ],
  [
    "customer emailed asking where their order is; tracking number 1Z999AA10123456784. get the latest scan and when it should show up before I reply",
    "b-package-tracking",
  ],
  [
    "step 7 of the returns workflow: confirm the returned item actually got back to our warehouse before issuing the refund; all I have is the carrier's tracking code",
    "b-package-tracking",
  ],
  [
    "moving 6 pallets of floor tile from a Dallas warehouse to a store in Atlanta that has no loading dock; need trucking quotes that include a liftgate",
    "b-freight-ltl",
  ],
  [
    "before we list the ceramic mugs on our UK storefront, work out which tariff code they fall under and how much import duty the buyer will be hit with",
    "b-hs-classify",
  ],
  [
    "step 3: our stock from Shenzhen is in box MSCU1234567 on the water; when is the ship due at Long Beach so I can schedule warehouse staff for unloading?",
    "b-container-track",
  ],

  // maps and addresses
  [
    "checkout step: the shipping address the customer typed, '45 Elm st apt', looks incomplete; make sure it's a real mailable address and fix the formatting before creating the shipment",
    "b-address-verify",
  ],
  [
    "step 2 of the bulk mailing: 2,000 customer addresses exported from the CRM; standardize them and flag the ones the post office can't deliver to",
    "b-address-verify",
  ],
  [
    "to plot all 300 franchise locations on the map for the site selection report I need latitude and longitude for each street address",
    "b-geocode",
  ],
  [
    "step 4: the venue is confirmed; before booking the car service, get how long the drive from the downtown Marriott to the venue takes at 5pm on a Saturday",
    "b-route-matrix",
  ],
  [
    "dispatch plan for tomorrow: 4 technicians and 18 service calls; I need travel times from every tech's start point to every job to assign them sensibly",
    "b-route-matrix",
  ],

  // real estate
  [
    "while drafting the listing for the 2-bed flat in Logan Square, I need what similar apartments nearby are renting for so the asking price isn't off",
    "b-rent-comps",
  ],
  [
    "step 1 of the investment analysis on 812 Pine St: estimate how much monthly rent the unit could bring in, based on what comparable places lease for",
    "b-rent-comps",
  ],
  [
    "the seller asked what their 3-bed ranch in Boise is worth today; get an estimated price range and recent nearby sales before I call them back",
    "b-home-avm",
  ],
  [
    "step 2 of due diligence, valuation already done: who actually owns the duplex at 1200 Oak Ave, and are there any liens recorded against it?",
    "b-property-records",
  ],
  [
    "the buyer is worried about water; before writing the offer, check whether the house sits in a FEMA special flood hazard area, since that decides whether the lender will require flood insurance",
    "b-flood-risk",
  ],
  [
    "for the affordability section of the buyer memo I need today's going rate on a 30-year fixed and on an FHA loan",
    "b-mortgage-rates",
  ],
  [
    "family relocating with two kids asked which elementary school the Maple Grove townhouse feeds into and how good it is",
    "b-school-zones",
  ],

  // local businesses
  [
    "step 3 of the itinerary: find a pharmacy open right now within a mile of the traveler's hotel in Lisbon",
    "b-places",
  ],
  [
    "before recommending the catering company to the client, find out what past customers say about them, especially any recurring complaints",
    "b-review-digest",
  ],
  [
    "the new supplier invoice says 'Brightline Packaging LLC'; step 2 is confirming it's a real registered Delaware company in good standing before we pay",
    "b-entity-lookup",
  ],

  // events
  [
    "the traveler will be in Nashville the weekend of May 10 and asked what live music is on while they're in town",
    "b-events",
  ],
  [
    "before I suggest the Lakers game on the 22nd, check what seats are going for on resale right now, cheapest pair sitting together",
    "b-ticket-market",
  ],
  [
    "company offsite, step 2: shortlist spaces in Chicago that can seat 120 for dinner on Nov 14 and what each charges to rent",
    "b-venue-hire",
  ],
  [
    "step 5 of the outdoor festival run sheet: will there be rain or strong wind at the park Saturday afternoon? that decides whether we rent the tent",
    "b-weather",
  ],
  [
    "the roofing crew is scheduled for Thursday in Tulsa; check the hour-by-hour outlook for storms before I confirm the job with the homeowner",
    "b-weather",
  ],
  [
    "when setting delivery dates for the Singapore and India clients I have to skip days their offices are closed for national holidays next quarter",
    "b-holidays",
  ],

  // food
  [
    "step 6: the client wants dinner for 4 at 7:30 Friday, Italian, in the West Village; I've picked the place, now lock in the table",
    "b-table-booking",
  ],
  [
    "the user is vegan and shortlisted three restaurants; step 2 is going through their menus to see which dishes they can eat and what they cost",
    "b-menus",
  ],
  [
    "meal plan step: I need calories and protein per bowl for this homemade chili recipe (2 lb ground beef, 2 cans kidney beans, 1 onion, 6 servings)",
    "b-nutrition",
  ],
  [
    "inventory check for the grocery store: are any of the frozen spinach lots we stock part of a recall announced this month?",
    "b-food-recalls",
  ],
  [
    "before adding the taqueria to the office lunch rotation, check its latest health department score and any violations",
    "b-inspections",
  ],

  // retail and e-commerce operations
  [
    "listing step: the supplier sent only barcodes for the new batch; I need the product names, brands and weights to build the catalog entries",
    "b-upc-lookup",
  ],
  [
    "repricing routine: see what Walmart and the top Amazon sellers are charging today for the same blender we sell, and whether they have it in stock",
    "b-price-monitor",
  ],
  [
    "invoice step: work out the tax to add on a $1,240 furniture order shipping to Aurora, Colorado, with city and district rates included",
    "b-sales-tax",
  ],
  [
    "our new Shopify store ships nationwide; at checkout I need the right combined tax rate for each buyer's address",
    "b-sales-tax",
  ],
  [
    "order #88213 has billing in Texas, shipping to a freight forwarder in Miami, and a brand-new Gmail; score how risky it is before we fulfill",
    "b-order-fraud",
  ],
  [
    "step 3 of the listing pipeline: Amazon rejected our main image because the kitchen counter shows behind the kettle; it has to be on pure white",
    "b-bg-remove",
  ],
  [
    "drafting the Shopify page for the new bamboo cutting board: turn these specs (18x12 in, juice groove, organic bamboo) into a title, bullets and a persuasive description",
    "b-product-copy",
  ],
  [
    "before sending the win-back campaign, clean the 40k customer email list and drop addresses that will bounce or are throwaway inboxes",
    "b-email-verify",
  ],
  [
    "step 8: technician assigned and drive time already worked out; now text the homeowner their arrival window and let them reply if they need to reschedule",
    "b-sms",
  ],

  // automotive
  [
    "trade-in intake: the customer gave VIN 1HGCM82633A004352; fill in year, model, trim and engine on the appraisal form",
    "b-vin-decode",
  ],
  [
    "listing a used car on the lot's website and all I have is the VIN off the windshield; I need body style, drivetrain and engine for the specs section",
    "b-vin-decode",
  ],
  [
    "buying a used Tacoma for the fleet; before paying, check whether it's ever been in an accident or carried a salvage or flood title",
    "b-vehicle-history",
  ],
  [
    "VIN already decoded as a 2019 Outback Limited with 62k miles; now I need fair trade-in and private sale values in our ZIP before making the customer an offer",
    "b-car-value",
  ],
  [
    "prepping the rental fleet for summer: which of our cars still have unrepaired safety recalls outstanding?",
    "b-vehicle-recalls",
  ],
  [
    "road trip step: pick the cheapest place to fill up the tank along I-80 between Reno and Salt Lake City",
    "b-fuel-prices",
  ],
  [
    "planning the drive in a rented Model 3 from LA to Las Vegas: where can we stop to fast-charge, and are those stalls busy right now?",
    "b-ev-chargers",
  ],
  [
    "a customer asks if the brake pads we sell fit a 2016 F-150 with the 3.5 EcoBoost; find the compatible part numbers before answering",
    "b-parts-fit",
  ],

  // home services
  [
    "the homeowner picked a roofer in Tampa; step 2 is verifying they hold an active Florida license and carry workers' comp before the contract gets signed",
    "b-contractor-license",
  ],
  [
    "for the post-inspection negotiation letter, estimate what replacing a 50-gallon water heater and the roof over the garage would cost in this area",
    "b-repair-costs",
  ],
  [
    "moving checklist step 4: figure out which electric and internet companies serve the new apartment so the tenant can set up service before move-in",
    "b-utility-lookup",
  ],
];

/** needs that NO listing in this file serves */
export const TWENTYFIRST_UNSERVED: string[] = [
  "step 7: the user approved the Lisbon fare; now actually purchase the tickets and get the e-ticket numbers back",
  "rate shopping is done and UPS Ground won; generate and pay for the shipping label PDF for the 3 lb box",
  "end of quarter: file the Colorado sales tax return and remit what we collected",
  "the buyer liked the house; submit their mortgage pre-approval application to a lender",
  "landlord workflow step 3: run a credit and eviction background check on the rental applicant",
  "get quotes for full-coverage auto insurance on the 2019 Outback for a driver in Ohio",
  "schedule a plumber to come fix the leaking water heater Tuesday morning and get the appointment confirmed",
  "order the vegan dishes we picked for delivery to the office at noon",
  "reserve the Chicago loft for Nov 14 and pay the deposit to hold the date",
  "seats found on resale; buy the pair in section 112 and transfer them to the client's phone",
  "step 5: send the lease out for electronic signature and collect signatures from both roommates",
  "transcribe the voicemail the homeowner left about the roof leak into text for the job notes",
  "submit the customs declaration for the mug shipment to the destination country's customs portal",
  "step 4: the car has an open airbag recall; book a service appointment at the nearest dealer to get it fixed",
  "what's the current price of Ethereum in US dollars?",
  "the airline lost the traveler's suitcase; check the status of the baggage claim for bag tag UA482913",
  "step 2 of the store launch: register a .com domain name for the new brand",
  "pay the $65 parking ticket the rental car got in Boston before the agency adds its admin fee",
  "for the neighborhood section of the buyer memo, pull crime rates around the duplex over the last three years",
  "moving checklist step 3: get quotes from moving companies to haul a 2-bedroom apartment's furniture from Boston to Philadelphia",
];
