/**
 * thirtieth set, written 2026-11-27 blind by a helper. Style: specialised professional services sold as APIs,
 * the kind whose jargon a generalist would not know: logistics and trade (tariff classification, landed cost,
 * container and air cargo tracking, freight rating, export screening), insurance and risk (flood zones, wildfire,
 * hail, prior losses, certificates of insurance, mortality tables), healthcare administration (provider IDs,
 * eligibility, coding, fee schedules, prior auth rules, claim edits), legal and compliance (dockets, trademarks,
 * AML, liens, contract review, cookie consent, beneficial ownership), energy and utilities (tariffs, PV yield,
 * nodal prices, grid carbon, interconnection queues, degree days), agriculture (remote sensing, soils, cash bids,
 * crop diagnosis, evapotranspiration, spray conditions), construction and property (permits, zoning, unit costs,
 * takeoff, contractor licences, valuation) and media production (music licensing, loudness QC, timeline
 * conversion). Needs are written about half by practitioners in their own jargon and half by newcomers who
 * describe the problem in plain words.
 */
export const THIRTIETH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  // logistics and trade
  [
    "k-hs-classify",
    "TariffSense Classifier",
    "Send a free-text product description and get back the most likely 6-digit Harmonized System heading plus 8-10 digit national tariff lines for the US, EU and UK, each with a confidence score and the General Interpretive Rule applied.",
    "commerce.shipping",
  ],
  [
    "k-hs-classify-alt",
    "Commodity Code Bot",
    "AI tariff classification: describe the goods (material, function, intended use) and receive candidate HTS/CN commodity codes with a written rationale and references to past binding rulings.",
    "commerce.shipping",
  ],
  [
    "k-duty-calc",
    "LandedCost Engine",
    "Calculates the total import cost of a cross-border order: customs duties, VAT/GST, excise, de minimis thresholds and brokerage fees per destination country, from product code, origin and declared value.",
    "commerce.shipping",
  ],
  [
    "k-container-track",
    "BoxTrace",
    "Real-time tracking of ocean shipping containers across 40+ carriers: give a container or bill of lading number and get vessel, voyage, current milestone (gate-out, loaded, transshipment, discharged) and predicted ETA.",
    "commerce.shipping",
  ],
  [
    "k-container-track-alt",
    "SeaVisibility API",
    "Unified ocean shipment visibility: subscribe with a B/L, booking or equipment ID and receive normalized carrier events and port arrival predictions by webhook.",
    "commerce.shipping",
  ],
  [
    "k-freight-quote",
    "OceanRate Quotes",
    "Instant spot rates for FCL and LCL sea freight between port pairs from multiple forwarders, with transit time, free days and surcharges (BAF, THC) itemized.",
    "commerce.shipping",
  ],
  [
    "k-ais-vessel",
    "ShipPosition Live",
    "Current and historical AIS positions for merchant vessels by IMO or MMSI: latitude/longitude, speed over ground, heading, navigational status and reported destination.",
    "data.maps",
  ],
  [
    "k-denied-party",
    "ExportScreen",
    "Screens customers, consignees and end users against US and international restricted party lists (OFAC SDN, BIS Entity List, Denied Persons, EU and UK consolidated sanctions) with fuzzy name and address matching.",
    "data.government",
  ],
  [
    "k-denied-party-alt",
    "TradeComply Screening",
    "Restricted-party checks for export compliance teams: batch-match business partners against 100+ government watchlists and get a match score plus an audit trail for each decision.",
    "data.government",
  ],
  [
    "k-air-waybill-track",
    "AirCargo Status",
    "Tracks air freight shipments by 11-digit air waybill across 200+ airlines: booked, received from shipper, departed, arrived, notified for pickup, with flight numbers and piece counts.",
    "commerce.shipping",
  ],
  [
    "k-unlocode",
    "PortCode Directory",
    "Look up UN/LOCODEs for seaports, airports, inland container depots and rail terminals worldwide, with coordinates, function codes and country subdivision.",
    "data.maps",
  ],
  [
    "k-eori-validate",
    "EORI Check",
    "Validates EU and UK Economic Operators Registration and Identification (EORI) numbers and returns the registered trader name and address where published.",
    "data.government",
  ],
  [
    "k-ltl-rates",
    "LTL Rate Shop",
    "Rate less-than-truckload shipments across US carriers using origin and destination ZIP, freight class or NMFC item, weight and accessorials such as liftgate and residential delivery.",
    "commerce.shipping",
  ],
  [
    "k-dangerous-goods",
    "HazmatRef",
    "Dangerous goods reference by UN number or proper shipping name: hazard class, packing group, labels, and IMDG, IATA DGR and 49 CFR transport limitations.",
    "data.government",
  ],
  // insurance and risk
  [
    "k-flood-zone",
    "FloodZone Determination",
    "Returns the FEMA Special Flood Hazard Area designation for a US address: zone (A, AE, VE, X), panel number, map effective date and base flood elevation where mapped.",
    "data.government",
  ],
  [
    "k-flood-zone-alt",
    "NFIP Zone Lookup",
    "Address-level flood map lookup for lenders and agents: FIRM panel, flood zone and whether federal flood insurance is mandatory on a mortgage.",
    "data.government",
  ],
  [
    "k-wildfire-risk",
    "EmberScore",
    "Parcel-level wildfire risk scoring for underwriting: burn probability, fuel load, slope, defensible space and distance to the wildland-urban interface, as a 1-100 score.",
    "data.other",
  ],
  [
    "k-hail-history",
    "HailTrace History",
    "Historical hail and severe wind events at a property: storm dates, estimated maximum hailstone size and wind speed from radar, going back 10 years, for claims validation and roof inspections.",
    "data.weather",
  ],
  [
    "k-vehicle-loss-history",
    "Prior Claims Report",
    "Returns reported insurance losses for a vehicle by VIN from a contributory insurer database: date of loss, peril, payout range and total-loss or salvage flags.",
    "data.other",
  ],
  [
    "k-coi-verify",
    "CertTrack COI",
    "Collects and verifies certificates of insurance from vendors and subcontractors: parses ACORD 25 forms, checks limits and additional-insured endorsements against your requirements, and flags expirations.",
    "data.company",
  ],
  [
    "k-mortality-table",
    "LifeTable API",
    "Actuarial mortality and survival rates (qx, lx, life expectancy) by age, sex and smoker status from SOA, CDC and ONS tables, with mortality improvement scales.",
    "data.science",
  ],
  // healthcare administration
  [
    "k-npi-lookup",
    "NPI Registry Search",
    "Search the US National Plan and Provider Enumeration System by name, NPI, taxonomy or location: returns provider type, specialty taxonomy, practice addresses and enumeration date.",
    "data.government",
  ],
  [
    "k-npi-lookup-alt",
    "ProviderID Verify",
    "Look up and validate 10-digit US provider identifiers for physicians, groups and facilities, with specialty, license state and practice location.",
    "data.government",
  ],
  [
    "k-eligibility-check",
    "Eligibility 270/271",
    "Real-time patient insurance eligibility and benefits verification: submit member ID and payer, get active coverage, copay, deductible remaining and coinsurance via X12 270/271.",
    "data.other",
  ],
  [
    "k-icd10-coder",
    "AutoCode ICD",
    "Reads clinical documentation and suggests ICD-10-CM diagnosis codes with the supporting text spans and specificity prompts for medical coders.",
    "compute.inference",
  ],
  [
    "k-fee-schedule",
    "MedicareFee Lookup",
    "Medicare Physician Fee Schedule amounts by CPT/HCPCS code and locality: facility and non-facility rates, RVUs and global period.",
    "data.government",
  ],
  [
    "k-prior-auth-rules",
    "PA Requirement Check",
    "Tells you whether a procedure or drug needs prior authorization for a given payer and plan, with the payer's criteria document and submission channel.",
    "data.other",
  ],
  [
    "k-ndc-drug",
    "NDC Directory",
    "Drug product lookup by National Drug Code: proprietary and generic name, labeler, strength, dosage form, package size and marketing status.",
    "data.science",
  ],
  [
    "k-claim-scrub",
    "ClaimScrub",
    "Pre-submission edit checks for professional claims (CMS-1500/837P): NCCI bundling, MUE limits, modifier errors, missing fields and diagnosis-procedure mismatches, returned before you send to the payer.",
    "compute.other",
  ],
  // legal and compliance
  [
    "k-court-dockets",
    "DocketWatch Federal",
    "Search US federal district, bankruptcy and appellate court cases by party, case number or attorney, retrieve docket entries, and get alerts on new filings.",
    "data.government",
  ],
  [
    "k-trademark-search",
    "MarkClear",
    "Trademark clearance search across USPTO, EUIPO and WIPO Madrid registers: identical and phonetically similar marks by Nice class, with status and owner.",
    "data.government",
  ],
  [
    "k-pep-screening",
    "PEP & Adverse Media Screen",
    "AML screening of individuals for politically exposed person status, sanctions and negative news, with ongoing monitoring and risk-ranked hits for onboarding teams.",
    "identity.kyc",
  ],
  [
    "k-ucc-search",
    "UCC Lien Finder",
    "Searches Secretary of State UCC-1 financing statement filings to show which lenders hold a security interest in a business's assets, with filing dates, collateral descriptions and lapse dates.",
    "data.company",
  ],
  [
    "k-contract-clause",
    "ClauseLens",
    "Extracts and classifies clauses from contracts in PDF or DOCX (governing law, termination, indemnification, limitation of liability, change of control, auto-renewal) as structured JSON with page references.",
    "compute.inference",
  ],
  [
    "k-cookie-scan",
    "ConsentAudit",
    "Crawls a website and inventories every cookie and tracker set before and after consent, categorizes them, and flags GDPR/ePrivacy and CCPA banner violations.",
    "web.scrape",
  ],
  [
    "k-beneficial-owner",
    "UBO Graph",
    "Resolves the ultimate beneficial owners of companies across 100+ jurisdictions, walking shareholder chains through holding entities to natural persons with percentage stakes.",
    "data.company",
  ],
  // energy and utilities
  [
    "k-utility-rate",
    "RateBook Electric",
    "Retail electricity rate schedules for US utilities by address: time-of-use periods, tiered energy charges, demand charges and fixed fees, machine-readable.",
    "data.other",
  ],
  [
    "k-utility-rate-alt",
    "PowerPrice Schedules",
    "Structured utility tariffs for commercial and residential electric service: kWh pricing by season and hour, $/kW demand components and net-metering rules.",
    "data.other",
  ],
  [
    "k-solar-yield",
    "PV Yield Estimator",
    "Estimates annual and monthly photovoltaic energy output for a location from system capacity, tilt, azimuth and losses, using typical meteorological year irradiance.",
    "compute.other",
  ],
  [
    "k-lmp-prices",
    "NodePrice ISO",
    "Day-ahead and real-time locational marginal prices from US ISOs (PJM, ERCOT, CAISO, MISO, NYISO) by node or hub, at 5-minute and hourly resolution.",
    "data.finance",
  ],
  [
    "k-grid-carbon",
    "GridCarbon Signal",
    "Current and forecast carbon intensity of electricity (gCO2/kWh), average and marginal, for grid regions worldwide, for load shifting and emissions accounting.",
    "data.other",
  ],
  [
    "k-interconnection-queue",
    "QueueWatch",
    "Aggregated generator interconnection queue data from US grid operators: project name, fuel type, MW, point of interconnection, queue date, study phase and withdrawal status.",
    "data.government",
  ],
  [
    "k-degree-days",
    "DegreeDay Data",
    "Heating and cooling degree days for any weather station or coordinates, with custom base temperatures, daily to monthly, for energy normalization.",
    "data.weather",
  ],
  // agriculture
  [
    "k-crop-ndvi",
    "FieldSat Vegetation Index",
    "Sentinel-2 and Landsat derived NDVI, NDRE and EVI time series for a field polygon, with cloud masking and in-season anomaly maps.",
    "data.science",
  ],
  [
    "k-crop-ndvi-alt",
    "CanopyWatch",
    "Satellite crop health monitoring: upload field boundaries and get weekly vegetation vigor maps and stress alerts.",
    "data.science",
  ],
  [
    "k-soil-survey",
    "SoilProfile",
    "Returns the mapped soil series, texture, drainage class, available water capacity, pH and organic matter for a point or field from national soil surveys (SSURGO, SoilGrids).",
    "data.science",
  ],
  [
    "k-grain-bids",
    "CashBid Feed",
    "Daily cash grain bids from US elevators, ethanol plants and processors for corn, soybeans and wheat, with basis versus futures and delivery periods.",
    "data.finance",
  ],
  [
    "k-pest-id",
    "CropDoc Vision",
    "Upload a photo of a leaf or plant and get the likely disease, pest or nutrient deficiency with confidence and management notes, for 60+ crops.",
    "compute.image",
  ],
  [
    "k-et-irrigation",
    "ET Irrigation Advisor",
    "Daily reference evapotranspiration (FAO-56 ET0) and crop water use by growth stage for a location, with irrigation depth recommendations.",
    "data.weather",
  ],
  [
    "k-spray-window",
    "SprayCast",
    "Hourly forecast of pesticide application conditions: wind speed and gusts, Delta T, temperature inversion risk and rain-free hours, rated go, caution or no-go.",
    "data.weather",
  ],
  // construction and property
  [
    "k-building-permits",
    "PermitHistory",
    "Building permit records by address from 2,000+ US jurisdictions: permit type, description of work, valuation, contractor, issue and final inspection dates.",
    "data.government",
  ],
  [
    "k-parcel-zoning",
    "ParcelZone",
    "Parcel boundaries, APN, lot size and municipal zoning district with permitted uses, setbacks and height limits for US properties.",
    "data.maps",
  ],
  [
    "k-construction-cost",
    "UnitCost Estimator",
    "Localized construction unit costs for materials, labor and equipment by CSI MasterFormat division and ZIP code, with city cost indexes.",
    "data.other",
  ],
  [
    "k-takeoff",
    "PlanCount AI",
    "Automated quantity takeoff from PDF construction drawings: counts doors, fixtures and outlets, measures wall lengths and floor areas per sheet, exportable to Excel.",
    "compute.image",
  ],
  [
    "k-contractor-license",
    "LicenseCheck Contractors",
    "Verifies state contractor licenses: status, classification, bond and workers' comp on file, and disciplinary actions, for CA, TX, FL and 40+ other states.",
    "data.government",
  ],
  [
    "k-avm",
    "HomeValue AVM",
    "Automated valuation for US residential properties: estimated market value with a confidence range, the comparable sales used, and value history.",
    "data.finance",
  ],
  // media production
  [
    "k-music-license",
    "CueLibrary Sync",
    "Search and license production music for video: filter by mood, tempo, genre and duration, preview, and buy a per-project sync license with cue sheet data.",
    "commerce.products",
  ],
  [
    "k-loudness-qc",
    "LoudnessQC",
    "Measures integrated loudness, loudness range and true peak of audio or video files against EBU R128, ATSC A/85 and streaming platform targets, and returns pass/fail.",
    "compute.audio",
  ],
  [
    "k-loudness-qc-alt",
    "BroadcastLevel Check",
    "Delivery compliance checks for program audio: LUFS/LKFS measurement, dialog gating and peak limits against broadcaster specs.",
    "compute.audio",
  ],
  [
    "k-edl-convert",
    "TimelineBridge",
    "Converts editorial timelines between EDL (CMX3600), AAF, FCPXML and OTIO, preserving cuts, transitions, markers and source timecode for conform between edit and finishing systems.",
    "compute.other",
  ],
];

/** Near-duplicate competitor key -> the key of the listing it competes with (both serve the same needs). */
export const THIRTIETH_DUPLICATES: Record<string, string> = {
  "k-hs-classify-alt": "k-hs-classify",
  "k-container-track-alt": "k-container-track",
  "k-denied-party-alt": "k-denied-party",
  "k-flood-zone-alt": "k-flood-zone",
  "k-npi-lookup-alt": "k-npi-lookup",
  "k-utility-rate-alt": "k-utility-rate",
  "k-crop-ndvi-alt": "k-crop-ndvi",
  "k-loudness-qc-alt": "k-loudness-qc",
};

/** [need, key of the listing that serves it] (its duplicate counts as serving it too). */
export const THIRTIETH_NEEDS: [need: string, key: string][] = [
  // logistics and trade
  [
    "I'm sending handmade leather dog collars from Mexico to the US. What number goes in the box on the import paperwork that says what kind of item it is?",
    "k-hs-classify",
  ],
  [
    "Does a cordless lithium-ion angle grinder fall under Chapter 84 or 85, and what's the full subheading for a US entry?",
    "k-hs-classify",
  ],
  [
    "A customer in Germany is buying a 180-euro jacket made in Vietnam from my US web shop. How much will they have to pay at the door on top of the price?",
    "k-duty-calc",
  ],
  [
    "Work out DDP charges for a consignment into Australia: CIF AUD 1,400, origin China, classified 6110.20, GST included.",
    "k-duty-calc",
  ],
  ["Where is MSKU7391042 right now and when is it expected to discharge at Rotterdam?", "k-container-track"],
  [
    "My furniture order is in a big steel box on a boat from China and the paperwork has a long reference number on it. Can I see which port it's at and when it gets here?",
    "k-container-track",
  ],
  [
    "What's the going price to move a 40HC from Ningbo to Long Beach on next week's sailings, bunker included?",
    "k-freight-quote",
  ],
  [
    "Is the bulk carrier Star Aurora still sitting at anchor off Qingdao, or has she started moving?",
    "k-ais-vessel",
  ],
  [
    "Before we send EAR99 parts to a new distributor in Shenzhen, confirm that Commerce hasn't blacklisted them.",
    "k-denied-party",
  ],
  [
    "Is my small company allowed to sell machine parts to this buyer in the UAE, or are they on some banned list?",
    "k-denied-party",
  ],
  [
    "Our master bill 176-12345675 on Emirates: has it left DXB yet, and on which flight?",
    "k-air-waybill-track",
  ],
  [
    "What five-letter location identifier should I put on the booking for the Chongqing inland rail terminal?",
    "k-unlocode",
  ],
  [
    "A French supplier gave me their customs trader ID FR12345678901234. Is it real, and who is it registered to?",
    "k-eori-validate",
  ],
  [
    "I need to send three pallets of floor tile, about 2,000 lb, from Dallas to a house in Ohio with no loading dock. What would the trucking cost be?",
    "k-ltl-rates",
  ],
  ["UN1263 paint going by sea: what packing group, which labels, and any IMDG limits?", "k-dangerous-goods"],
  // insurance and risk
  [
    "Will my bank force me to buy flood coverage on the house I'm purchasing at 14 Bayview Dr, Tampa?",
    "k-flood-zone",
  ],
  ["Need SFHA status and BFE for a commercial risk at 220 Canal St, New Orleans.", "k-flood-zone"],
  [
    "How likely is a brush fire to reach a cabin I'm thinking of buying in the hills outside Boulder?",
    "k-wildfire-risk",
  ],
  [
    "The insured says a storm on June 12 last year damaged the roof. Verify that 1.5-inch stones actually fell at that address on the date of loss.",
    "k-hail-history",
  ],
  [
    "I'm buying a used car from a private seller. Was it ever written off or paid out in a big accident?",
    "k-vehicle-loss-history",
  ],
  [
    "Our roofing sub sent over their insurance paperwork. Confirm it carries $2M aggregate GL with our company named on it, and tell me when it lapses.",
    "k-coi-verify",
  ],
  [
    "Need the one-year probability of death for a 67-year-old male non-smoker on the 2017 CSO basis.",
    "k-mortality-table",
  ],
  // healthcare administration
  [
    "Find the ID number for Dr. Anita Rao, a pediatric cardiologist in Columbus, so I can put it on the referral form.",
    "k-npi-lookup",
  ],
  [
    "Before the patient comes in tomorrow, confirm their Aetna plan is still active and how much they still have to pay out of pocket before it kicks in.",
    "k-eligibility-check",
  ],
  [
    "Given this discharge note, which codes for the patient's conditions (type 2 diabetes with nerve damage in the feet) should our billing team use?",
    "k-icd10-coder",
  ],
  ["What does CMS pay for a 99214 non-facility in Manhattan this year?", "k-fee-schedule"],
  [
    "Does Blue Cross have to approve a knee MRI ahead of time for my patient, or can we just book it?",
    "k-prior-auth-rules",
  ],
  ["What medicine is in package 0002-1433-80, and at what strength?", "k-ndc-drug"],
  [
    "Flag any unbundling problems before we drop this batch to the clearinghouse. We billed 29881 and 29877 on the same knee.",
    "k-claim-scrub",
  ],
  // legal and compliance
  ["Has anyone sued Acme Robotics in a US federal lawsuit in the last two years?", "k-court-dockets"],
  [
    "I want to call my coffee brand 'Bluebird Roasters'. Is someone already using a name like that for coffee?",
    "k-trademark-search",
  ],
  [
    "Our new private banking client is the brother of a sitting Kenyan minister. Pull EDD hits and any bad press linked to him.",
    "k-pep-screening",
  ],
  [
    "Before I buy this bakery's equipment, I want to know whether a bank already has a claim on the ovens.",
    "k-ucc-search",
  ],
  [
    "Go through these 300 supplier agreements and tell me which ones roll over on their own and which state's law applies to each.",
    "k-contract-clause",
  ],
  [
    "Is my online store quietly dropping Facebook and Google tracking on visitors before they click accept?",
    "k-cookie-scan",
  ],
  [
    "Who sits behind this Cyprus holdco? Trace it down to the individuals holding more than 25%.",
    "k-beneficial-owner",
  ],
  // energy and utilities
  [
    "What does my power company in San Diego charge per kilowatt-hour at 6pm compared with 2am?",
    "k-utility-rate",
  ],
  [
    "Pull the current SCE TOU-8 demand components for a C&I site in Irvine so we can model a battery.",
    "k-utility-rate",
  ],
  [
    "If I put 20 solar modules on my south-facing roof in Denver, how much electricity would they make in a year?",
    "k-solar-yield",
  ],
  ["Hourly DA settlement point prices at HB_HOUSTON for last Tuesday.", "k-lmp-prices"],
  [
    "What time tonight would charging my EV be cleanest for the climate where I live in Texas?",
    "k-grid-carbon",
  ],
  [
    "How much battery storage is waiting to connect in Illinois, and how far along are those projects?",
    "k-interconnection-queue",
  ],
  [
    "Weather-normalize our building's gas usage: need HDD base 65F by month at Chicago O'Hare for 2023 through 2025.",
    "k-degree-days",
  ],
  // agriculture
  ["Can I see from space which parts of my 80-acre corn field are doing poorly this summer?", "k-crop-ndvi"],
  [
    "Pull red-edge imagery for my wheat quarters since green-up and show me where the canopy dropped off.",
    "k-crop-ndvi",
  ],
  [
    "What kind of dirt is on the land I'm renting near Ames, Iowa? Is it heavy clay, and does it drain well?",
    "k-soil-survey",
  ],
  ["Which buyers near Decatur are paying the most for beans delivered in October?", "k-grain-bids"],
  [
    "My tomato plants have brown rings on the lower leaves and they're yellowing from the bottom up. Here's a picture: what's wrong with them?",
    "k-pest-id",
  ],
  [
    "How many inches of water did my almond orchard use up this week, and how much should I put back?",
    "k-et-irrigation",
  ],
  [
    "Is there a safe window tomorrow morning to put down dicamba without drift onto the neighbor's soybeans?",
    "k-spray-window",
  ],
  // construction and property
  [
    "Did the previous owner get official sign-off for the basement they finished in the house I'm buying?",
    "k-building-permits",
  ],
  [
    "Am I allowed to build a backyard cottage to rent out on my lot in Sacramento, and how close to the fence can it go?",
    "k-parcel-zoning",
  ],
  [
    "Ballpark installed cost per SF for 5/8 Type X drywall, taped and finished, in Seattle.",
    "k-construction-cost",
  ],
  [
    "I have the architect's plan set for a 12-unit building. Can something count the light switches and sinks and total up the square footage for me?",
    "k-takeoff",
  ],
  [
    "A guy quoted me for a new roof in Florida. How can I make sure he's legit and allowed to do the work?",
    "k-contractor-license",
  ],
  ["Roughly what is my neighbor's house at 412 Elm St, Plano worth right now?", "k-avm"],
  // media production
  [
    "I need an upbeat, ukulele-ish background track that I can legally put under a 30-second ad on YouTube.",
    "k-music-license",
  ],
  [
    "Will my podcast episode sound too quiet or too loud on Spotify compared with other shows?",
    "k-loudness-qc",
  ],
  [
    "Does our finished 22-minute episode hit -24 integrated with peaks under -2 dBTP for the network deliverable?",
    "k-loudness-qc",
  ],
  [
    "Get my Premiere sequence into Resolve for grading: I only have an XML, and the colorist wants a cut list in the old 3600 format.",
    "k-edl-convert",
  ],
];

/** Needs that no listing in this file serves (an honest engine returns nothing). */
export const THIRTIETH_UNSERVED: string[] = [
  "Book space for two 40-foot boxes from Shanghai to Hamburg on the sailing of the 15th and send me the booking confirmation.",
  "File the Importer Security Filing (10+2) for our inbound shipment from Busan.",
  "Buy an all-risk marine cargo policy for a $60k shipment of electronics going by sea.",
  "Track my UPS Ground parcel, tracking number 1Z999AA10123456784.",
  "Work out the Scope 3 carbon footprint of our trucking and ocean lanes for last year's freight.",
  "Submit a prior authorization request with the clinical notes to UnitedHealthcare for a lumbar fusion.",
  "Schedule a telehealth appointment with an in-network dermatologist next week.",
  "E-file a motion to dismiss in the Southern District of New York.",
  "File a new trademark application for my logo with the USPTO.",
  "Draft a mutual NDA under Delaware law for a software partnership.",
  "Pay my overdue electricity bill with PG&E.",
  "Switch my home to a cheaper retail electricity provider in Texas and enroll me today.",
  "Hire a custom harvesting crew for 300 acres of wheat in Kansas next month.",
  "Forecast the bushels per acre my soybean fields will yield at harvest.",
  "Apply online for a building permit for a deck addition in Austin.",
  "Find a licensed structural engineer to stamp my retaining wall drawings.",
  "Get a homeowners insurance quote for my new house and bind the policy today.",
  "Register my song with a performing rights organization so I get royalties when it airs.",
  "Automatically generate Spanish subtitles for my documentary.",
  "Get a film permit to shoot on a public street in Los Angeles next Saturday.",
];
