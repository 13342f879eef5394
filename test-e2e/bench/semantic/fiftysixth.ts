/** fifty-sixth set, written 2026-11-28 blind by a helper. Style: regulated and professional industries (insurance, healthcare administration, real estate, legal, accounting, HR, logistics compliance) with professional phrasing. */
export const FIFTYSIXTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "vv-flood-zone-determination",
    "FloodCert API",
    "Returns the FEMA NFHL flood zone designation (e.g. AE, X, VE), base flood elevation where published, FIRM panel number and effective date for a US street address or coordinate. Includes the Community Rating System class for the participating community.",
    "data.government",
  ],
  [
    "vv-flood-zone-determination-alt",
    "ZoneCheck SFHA",
    "Special Flood Hazard Area determination for any US property: submit an address and receive the flood map zone, panel ID, map revision date and whether federal flood coverage is mandatory for a federally backed loan.",
    "data.government",
  ],
  [
    "vv-wildfire-risk-score",
    "EmberScore",
    "Property-level wildfire exposure score from 1 to 100 combining fuel load, slope, historical fire perimeters and distance to the wildland-urban interface. Input a latitude/longitude or address in the western US and Canada.",
    "data.science",
  ],
  [
    "vv-vin-claims-history",
    "VehicleLoss Ledger",
    "Given a 17-character VIN, returns prior total-loss, salvage, flood-branded and theft records reported by insurers and state title agencies, with loss dates and odometer readings.",
    "data.other",
  ],
  [
    "vv-claim-fraud-score",
    "ClaimSentinel",
    "Scores a property or casualty claim for fraud likelihood from structured first notice of loss fields (loss type, dates, policy tenure, claimant history) and returns the top contributing red flags for SIU referral.",
    "compute.inference",
  ],
  [
    "vv-hail-storm-history",
    "HailTrace Archive",
    "Historical hail swath data from radar-derived estimates: for an address and date range, returns each storm date with the maximum estimated hailstone diameter at the location. US coverage back to 2008.",
    "data.weather",
  ],
  [
    "vv-auto-damage-estimate",
    "PhotoAppraise",
    "Upload photos of a damaged passenger vehicle and receive detected damaged panels, severity per panel, a repair-versus-replace recommendation and an estimated repair cost range in USD.",
    "compute.image",
  ],
  [
    "vv-insurance-producer-license",
    "ProducerCheck",
    "Verifies insurance agent and agency licenses across all US states: license number, lines of authority (life, health, P&C), status, expiration and resident state, searchable by name or national producer number.",
    "data.government",
  ],
  [
    "vv-npi-provider-lookup",
    "NPI Finder",
    "Search the NPPES registry by provider name, organization, taxonomy or location and get 10-digit NPI numbers, primary taxonomy code, practice address and enumeration date. Also resolves an NPI to its full record.",
    "data.people",
  ],
  [
    "vv-npi-provider-lookup-alt",
    "ProviderID Direct",
    "Healthcare practitioner and facility identifier lookup against the national provider file: returns NPI, specialty taxonomy, practice locations and last-updated date for individuals and organizations.",
    "data.people",
  ],
  [
    "vv-ndc-drug-directory",
    "NDC Navigator",
    "Look up FDA National Drug Codes in 10- or 11-digit format and get proprietary and generic names, labeler, dosage form, strength, package size and marketing status. Converts between NDC formats.",
    "data.science",
  ],
  [
    "vv-icd10-code-search",
    "ICD-10 Lookup",
    "Search ICD-10-CM diagnosis and ICD-10-PCS procedure codes by keyword or code prefix; returns descriptions, billable status, parent category and the fiscal year of the code set.",
    "data.science",
  ],
  [
    "vv-medicare-fee-schedule",
    "MPFS Rates",
    "Medicare Physician Fee Schedule allowed amounts by HCPCS/CPT code and MAC locality, with facility and non-facility rates, RVU components and modifier adjustments for the current and prior years.",
    "data.government",
  ],
  [
    "vv-oig-exclusion-screen",
    "ExclusionScreen",
    "Screens individuals and entities against the HHS-OIG List of Excluded Individuals/Entities, SAM.gov exclusions and state Medicaid exclusion lists. Returns matches with exclusion type and date for monthly compliance monitoring.",
    "identity.kyc",
  ],
  [
    "vv-payer-eligibility-check",
    "EligibilityNow",
    "Real-time X12 270/271 eligibility inquiries to over 900 commercial and government payers: returns coverage status, plan dates, copays, deductibles and remaining out-of-pocket for a member and service type.",
    "data.other",
  ],
  [
    "vv-clinical-autocoder",
    "CodeAssist AI",
    "Reads a de-identified clinical note or discharge summary and suggests ICD-10-CM diagnosis codes and CPT procedure codes with supporting text spans and confidence for coder review.",
    "compute.inference",
  ],
  [
    "vv-medical-dictation",
    "ScribeVoice Medical",
    "Speech-to-text tuned for clinical vocabulary: send a physician's dictation audio file and receive a formatted transcript with medication names, dosages and anatomical terms spelled correctly.",
    "compute.audio",
  ],
  [
    "vv-parcel-boundaries",
    "ParcelGrid",
    "Returns the tax parcel polygon, assessor parcel number (APN), owner of record and lot size in acres for a point or address. Nationwide county assessor coverage delivered as GeoJSON.",
    "data.maps",
  ],
  [
    "vv-home-valuation-avm",
    "ValueSight AVM",
    "Automated valuation model for US residential properties: estimated market value, confidence score, value range and the comparable sales used, from a street address.",
    "data.finance",
  ],
  [
    "vv-home-valuation-avm-alt",
    "HomeWorth Estimate",
    "Instant residential property value estimate with a high/low band and forecast standard deviation, backed by recent nearby closed sales. Single-family, condo and townhome coverage across 3,000+ US counties.",
    "data.finance",
  ],
  [
    "vv-building-permit-history",
    "PermitTrail",
    "Building permit records for a property address: permit type (roofing, electrical, addition, demolition), issue and final dates, job valuation and contractor name, aggregated from over 2,000 US jurisdictions.",
    "data.government",
  ],
  [
    "vv-deed-mortgage-records",
    "RecorderLink",
    "Recorded document history for a property: deeds, mortgages, assignments, releases and lis pendens with recording dates, grantor/grantee and document numbers from county recorder offices.",
    "data.other",
  ],
  [
    "vv-zoning-district-lookup",
    "ZoneCode",
    "Given a parcel or coordinate, returns the municipal zoning district code and description, permitted and conditional uses, setbacks, maximum height and floor-area ratio where published.",
    "data.maps",
  ],
  [
    "vv-federal-docket-search",
    "DocketWire",
    "Search US federal district, bankruptcy and appellate court dockets by party, case number, judge or nature of suit. Returns docket entries, filing dates and links to available documents.",
    "data.government",
  ],
  [
    "vv-state-court-cases",
    "CountyCourt Index",
    "Civil and small-claims case index for state trial courts in 40 states: search by party name and get case numbers, filing dates, case type, status and judgment amounts.",
    "data.people",
  ],
  [
    "vv-ucc-lien-search",
    "LienFinder UCC",
    "Searches Secretary of State UCC-1 financing statements by debtor name; returns secured party, filing number, filing and lapse dates, collateral description and amendments.",
    "data.company",
  ],
  [
    "vv-ucc-lien-search-alt",
    "SecuredParty Search",
    "Debtor lien search across state filing offices: returns active and lapsed UCC filings, continuations and terminations with secured creditor names and collateral text.",
    "data.company",
  ],
  [
    "vv-trademark-clearance",
    "MarkScan",
    "Searches registered and pending USPTO trademarks for identical and phonetically similar marks in the same Nice classes, returning serial numbers, owner, status and goods/services text.",
    "data.company",
  ],
  [
    "vv-contract-clause-extractor",
    "ClauseLens",
    "Extracts key provisions from a contract PDF or text: governing law, term and renewal, termination rights, limitation of liability, indemnification, assignment and change of control, with clause text and page numbers.",
    "compute.inference",
  ],
  [
    "vv-case-law-search",
    "PrecedentQuery",
    "Full-text and semantic search over US federal and state appellate opinions; filter by jurisdiction, court and date, and get citations, headnote-style summaries and citing-case counts.",
    "web.search",
  ],
  [
    "vv-entity-status-lookup",
    "EntityStanding",
    "Business entity records from Secretaries of State: legal name, entity type, formation date, status (active, dissolved, forfeited), registered agent and principal office for all 50 states and DC.",
    "data.company",
  ],
  [
    "vv-sales-tax-rates",
    "RateRoof Sales Tax",
    "Combined sales and use tax rate for a US address broken down by state, county, city and special district, with jurisdiction codes, effective date and rooftop-level accuracy.",
    "data.finance",
  ],
  [
    "vv-sales-tax-rates-alt",
    "TaxJuris Rates",
    "Address-level US transaction tax rate lookup returning the total rate and each jurisdiction's component, updated monthly for rate changes across 13,000+ taxing jurisdictions.",
    "data.finance",
  ],
  [
    "vv-irs-tin-match",
    "TINCheck",
    "Validates a payee's name and Taxpayer Identification Number combination against IRS records before 1099 issuance, returning match/no-match codes to reduce B-notices and backup withholding.",
    "identity.kyc",
  ],
  [
    "vv-eu-vat-validate",
    "VIESVerify",
    "Validates EU VAT identification numbers through the VIES system and UK VAT numbers through HMRC, returning registration status, registered name and address and a consultation reference.",
    "identity.kyc",
  ],
  [
    "vv-invoice-extraction",
    "InvoiceRead",
    "OCR and field extraction for vendor invoices (PDF or image): vendor name, invoice number, dates, PO number, line items, tax and totals returned as structured JSON for AP automation.",
    "compute.image",
  ],
  [
    "vv-sec-filing-financials",
    "EdgarFacts",
    "Structured financial statement data from SEC 10-K and 10-Q XBRL filings: income statement, balance sheet and cash flow line items by CIK or ticker, with filing dates and accession numbers.",
    "data.company",
  ],
  [
    "vv-fx-month-end-rates",
    "CloseRates FX",
    "Official month-end, daily closing and period-average exchange rates for 170 currencies, suitable for foreign currency remeasurement and translation under ASC 830 and IAS 21.",
    "data.finance",
  ],
  [
    "vv-criminal-records-check",
    "ClearPath Screening",
    "FCRA-compliant criminal history search for employment screening: county, state and federal records plus the national sex offender registry, returning offenses, dispositions and dates.",
    "data.people",
  ],
  [
    "vv-criminal-records-check-alt",
    "HireSafe Records",
    "Pre-employment criminal background searches with county courthouse verification, a multi-state database sweep and sex offender registry check, delivered with adjudication-ready disposition details.",
    "data.people",
  ],
  [
    "vv-employment-verification",
    "WorkHistory Verify",
    "Verifies a candidate's past employers, job titles and dates of employment through payroll data connections and direct employer outreach, with candidate consent.",
    "data.people",
  ],
  [
    "vv-minimum-wage-rules",
    "WageLaw Tracker",
    "Current and scheduled minimum wage rates by state, county and city, including tipped, youth and industry-specific rates and overtime thresholds, with effective dates and statute citations.",
    "data.government",
  ],
  [
    "vv-payroll-withholding-calc",
    "GrossToNet Engine",
    "Calculates federal, state and local payroll tax withholding for a paycheck given gross pay, pay frequency, W-4 elections and work/residence locations, including FICA, FUTA/SUTA and local income taxes.",
    "compute.other",
  ],
  [
    "vv-id-document-verify",
    "DocuID Check",
    "Authenticates government-issued photo IDs (driver's licenses, passports) from images, extracts data fields and matches the ID portrait to a live selfie with liveness detection.",
    "identity.kyc",
  ],
  [
    "vv-clinician-license-verify",
    "CredentialSource",
    "Primary-source verification of physician, nurse and allied health licenses from state boards: license type, number, status, expiration and disciplinary actions, plus DEA registration status.",
    "data.people",
  ],
  [
    "vv-work-email-verify",
    "MailProbe",
    "Checks whether an email address is deliverable via syntax, MX and SMTP checks, and flags disposable addresses, role-based addresses and catch-all domains.",
    "identity.email",
  ],
  [
    "vv-patient-reminder-sms",
    "CareNudge SMS",
    "HIPAA-eligible SMS messaging with a signed BAA: send appointment reminders and confirmations to patients, capture C/R replies and manage opt-outs per TCPA.",
    "communication.sms",
  ],
  [
    "vv-hts-classifier",
    "TariffSense",
    "Suggests the 10-digit Harmonized Tariff Schedule of the United States code for a product description, with the general duty rate, Section 301 additional duties and a confidence per candidate code.",
    "commerce.products",
  ],
  [
    "vv-hts-classifier-alt",
    "HSCode Genie",
    "AI customs classification: submit a product title and materials and get ranked HS/HTSUS codes with duty rates and the reasoning behind each heading.",
    "commerce.products",
  ],
  [
    "vv-restricted-party-screen",
    "ComplyScreen RPS",
    "Screens names and addresses against the OFAC SDN, BIS Entity List, Denied Persons, Unverified List, and EU and UN consolidated sanctions lists with fuzzy matching and match scores.",
    "identity.kyc",
  ],
  [
    "vv-restricted-party-screen-alt",
    "SanctionGate",
    "Denied-party and sanctions list screening for exporters and banks: one call checks a counterparty against US, EU, UK and UN watchlists and returns ranked potential hits.",
    "identity.kyc",
  ],
  [
    "vv-fmcsa-carrier-check",
    "CarrierVet",
    "Look up a motor carrier by USDOT or MC number: operating authority status, insurance on file, safety rating, out-of-service percentages and inspection history from FMCSA.",
    "commerce.shipping",
  ],
  [
    "vv-dangerous-goods-classify",
    "HazClass",
    "Returns UN number, proper shipping name, hazard class, packing group and packaging/quantity limits for hazardous materials under 49 CFR, IATA DGR and the IMDG Code.",
    "commerce.shipping",
  ],
  [
    "vv-landed-cost-estimate",
    "LandedCalc",
    "Estimates duties, import taxes and fees for cross-border shipments given HS code, origin, destination country and declared value, covering 150+ countries including de minimis thresholds.",
    "commerce.shipping",
  ],
  [
    "vv-regulatory-bulletin-monitor",
    "DeptWatch Scraper",
    "Crawls state insurance department and banking regulator websites for new bulletins, circulars and orders, returning document text, issue date and source URL as they are posted.",
    "web.scrape",
  ],
  [
    "vv-web-evidence-capture",
    "ProofShot",
    "Headless browser capture of a web page as a full-page screenshot, WARC and PDF with timestamps, SHA-256 hashes and server headers for litigation evidence and compliance archiving.",
    "web.browser",
  ],
  [
    "vv-federal-register-feed",
    "RuleFeed",
    "Stream of Federal Register proposed rules, final rules and notices filtered by agency or CFR part, with comment deadlines, effective dates and summaries.",
    "data.news",
  ],
  [
    "vv-crypto-address-risk",
    "ChainRisk Screen",
    "Risk-scores a blockchain wallet address for exposure to sanctioned entities, darknet markets, mixers and ransomware, with a counterparty breakdown for Bitcoin, Ethereum and major stablecoins.",
    "data.crypto",
  ],
  [
    "vv-legal-hold-vault",
    "HoldVault",
    "WORM file storage for regulated records: upload documents with retention policies, place and release legal holds, and retrieve files with a tamper-evident audit trail. SEC 17a-4 and HIPAA compliant.",
    "storage.files",
  ],
  [
    "vv-edi-837-validator",
    "ClaimLint 837",
    "Validates X12 837P and 837I healthcare claim files against the 5010 implementation guides and SNIP levels 1-4, returning segment-level errors and a 999 acknowledgment.",
    "compute.code",
  ],
];

export const FIFTYSIXTH_DUPLICATES: Record<string, string> = {
  "vv-flood-zone-determination-alt": "vv-flood-zone-determination",
  "vv-npi-provider-lookup-alt": "vv-npi-provider-lookup",
  "vv-home-valuation-avm-alt": "vv-home-valuation-avm",
  "vv-ucc-lien-search-alt": "vv-ucc-lien-search",
  "vv-sales-tax-rates-alt": "vv-sales-tax-rates",
  "vv-criminal-records-check-alt": "vv-criminal-records-check",
  "vv-hts-classifier-alt": "vv-hts-classifier",
  "vv-restricted-party-screen-alt": "vv-restricted-party-screen",
};

export const FIFTYSIXTH_NEEDS: [need: string, wantedKey: string][] = [
  [
    "Underwriting a dwelling policy at 1420 Bayshore Dr, Tampa FL: which FEMA map zone is the house in and what is the BFE?",
    "vv-flood-zone-determination",
  ],
  [
    "Lender compliance: confirm whether the collateral property sits inside the 100-year floodplain before we close the loan",
    "vv-flood-zone-determination",
  ],
  [
    "How exposed is a cabin near South Lake Tahoe to brush fire? Need a numeric rating for our homeowners underwriting rules",
    "vv-wildfire-risk-score",
  ],
  [
    "Before paying a theft claim, check whether VIN 1HGCM82633A004352 was ever declared totaled or carried a salvage title",
    "vv-vin-claims-history",
  ],
  [
    "Triage today's incoming loss reports and tell me which look suspicious enough to route to our special investigations unit",
    "vv-claim-fraud-score",
  ],
  [
    "Did a hailstorm hit 88 Elm St, Plano TX between March and June 2024, and how large were the stones at that spot?",
    "vv-hail-storm-history",
  ],
  [
    "Adjuster needs a ballpark body-shop cost from four pictures of a dented rear quarter and bumper on a 2021 Camry",
    "vv-auto-damage-estimate",
  ],
  [
    "Confirm the broker who wrote this policy actually holds property and casualty authority in Ohio and that it hasn't lapsed",
    "vv-insurance-producer-license",
  ],
  [
    "What is the NPI number for Dr. Priya Raman, a cardiologist practicing in Columbus, Ohio?",
    "vv-npi-provider-lookup",
  ],
  [
    "Credentialing file: pull the specialty and practice location registered for provider 1234567893",
    "vv-npi-provider-lookup",
  ],
  [
    "Normalize package code 0002-3227-30 to the 5-4-2 billing layout and identify the drug and pack size it refers to",
    "vv-ndc-drug-directory",
  ],
  [
    "Which manufacturer is behind this pharmacy product code, and is the product still on the market?",
    "vv-ndc-drug-directory",
  ],
  [
    "Which billable diagnosis code covers type 2 diabetes with diabetic chronic kidney disease?",
    "vv-icd10-code-search",
  ],
  [
    "What does Medicare pay for a 99214 office visit in the Los Angeles area this year?",
    "vv-medicare-fee-schedule",
  ],
  [
    "Verify active Aetna coverage and how much deductible the patient has left before tomorrow's MRI",
    "vv-payer-eligibility-check",
  ],
  [
    "Monthly sweep to make sure none of our employed nurses or vendors are barred from federal healthcare programs",
    "vv-oig-exclusion-screen",
  ],
  [
    "Propose diagnosis and procedure codes from this inpatient encounter narrative so our coding team can review faster",
    "vv-clinical-autocoder",
  ],
  [
    "Turn a surgeon's recorded operative voice memo into text with the drug names and doses spelled right",
    "vv-medical-dictation",
  ],
  [
    "Get the assessor's ID and the property line shape for the lot at 37.7793,-122.4192",
    "vv-parcel-boundaries",
  ],
  [
    "Who currently owns the land at 500 County Rd 12, Boone County, and how big is the lot?",
    "vv-parcel-boundaries",
  ],
  [
    "Quick estimate of what a 3-bed single-family home at 22 Oak Ln, Raleigh would fetch today, for a HELOC review",
    "vv-home-valuation-avm",
  ],
  [
    "Was the roof on this house replaced with city approval, and when did the inspector sign it off?",
    "vv-building-permit-history",
  ],
  [
    "Title prep: show the chain of conveyances and any open mortgages recorded against 19 Harbor Way",
    "vv-deed-mortgage-records",
  ],
  [
    "Can a child daycare legally operate on this lot, and what's the building height limit there?",
    "vv-zoning-district-lookup",
  ],
  ["Pull the docket sheet for the SDNY matter 1:23-cv-04567", "vv-federal-docket-search"],
  [
    "Has our prospective borrower been a debtor in any Chapter 11 proceeding in the last ten years?",
    "vv-federal-docket-search",
  ],
  [
    "Any lawsuits filed against John Doe in Cook County circuit court, and how did they end?",
    "vv-state-court-cases",
  ],
  [
    "Before extending credit, see whether another lender already holds a blanket security interest on Acme Tooling LLC's assets",
    "vv-ucc-lien-search",
  ],
  [
    "Is 'Lumora' already claimed as a brand for skincare products in the US, or anything that sounds like it?",
    "vv-trademark-clearance",
  ],
  [
    "Go through this MSA and tell me when it auto-renews, which state's law applies and what the damages cap is",
    "vv-contract-clause-extractor",
  ],
  [
    "Find appellate rulings on whether physician non-competes are enforceable in Texas since 2015",
    "vv-case-law-search",
  ],
  [
    "Is Blue Harbor Holdings LLC in good standing in Nevada, and who accepts service of process for it?",
    "vv-entity-status-lookup",
  ],
  ["What rate should we charge on a taxable sale shipped to 200 Main St, Tacoma WA?", "vv-sales-tax-rates"],
  ["Split out state versus local levies for an order delivered to Chicago 60614", "vv-sales-tax-rates"],
  [
    "Confirm the contractor's name and EIN line up with the IRS before we issue the 1099-NEC",
    "vv-irs-tin-match",
  ],
  [
    "Check that German customer DE123456789 has a live VAT registration so we can zero-rate the intra-EU supply",
    "vv-eu-vat-validate",
  ],
  [
    "Pull invoice number, due date, totals and individual charges out of scanned supplier bills for our payables system",
    "vv-invoice-extraction",
  ],
  [
    "Get Microsoft's reported revenue and operating cash flow for the last four fiscal years from its annual reports",
    "vv-sec-filing-financials",
  ],
  [
    "EUR/USD rate as of the last business day of September to remeasure our intercompany balances",
    "vv-fx-month-end-rates",
  ],
  [
    "Average GBP to USD rate for Q2 to translate the UK subsidiary's P&L for consolidation",
    "vv-fx-month-end-rates",
  ],
  [
    "Run a seven-year conviction search on a new warehouse hire in Georgia under consumer reporting rules",
    "vv-criminal-records-check",
  ],
  [
    "Does this school bus driver applicant have any felony or misdemeanor history or appear on a predator registry?",
    "vv-criminal-records-check",
  ],
  [
    "Confirm the candidate really worked at Deloitte from 2018 to 2021 as a senior associate",
    "vv-employment-verification",
  ],
  [
    "What's the lowest legal hourly pay for tipped servers in Seattle starting January 2027?",
    "vv-minimum-wage-rules",
  ],
  [
    "Compute take-home pay for a biweekly employee in Philadelphia earning $3,200 per period, single filer",
    "vv-payroll-withholding-calc",
  ],
  [
    "Remote onboarding: confirm the state ID card photo is genuine and that the person on camera is the same one",
    "vv-id-document-verify",
  ],
  [
    "Is this traveling RN's Texas nursing credential active, and has the board taken any action against it?",
    "vv-clinician-license-verify",
  ],
  [
    "Will mail to j.smith@contoso-legal.com actually arrive, or is that mailbox nonexistent?",
    "vv-work-email-verify",
  ],
  [
    "Text patients a day before their visit and let them confirm or cancel by replying, under a business associate agreement",
    "vv-patient-reminder-sms",
  ],
  ["Which US import classification number fits men's cotton knit polo shirts?", "vv-hts-classifier"],
  [
    "Check a new distributor in Dubai against US export blacklists before we ship controlled parts",
    "vv-restricted-party-screen",
  ],
  [
    "Vet the trucking company with DOT 1234567: is their authority active and is cargo coverage filed?",
    "vv-fmcsa-carrier-check",
  ],
  [
    "How must lithium-ion batteries packed with equipment be classed and marked for air freight?",
    "vv-dangerous-goods-classify",
  ],
  [
    "Total duties and GST to send a $1,200 espresso machine from Italy to a consumer in Australia",
    "vv-landed-cost-estimate",
  ],
  [
    "Alert me whenever the Texas Department of Insurance posts a new commissioner's notice",
    "vv-regulatory-bulletin-monitor",
  ],
  [
    "Preserve a forensically sound, dated copy of a competitor's product page that we believe infringes our patent",
    "vv-web-evidence-capture",
  ],
  ["Notify me of new CMS proposed rulemakings and when public comments are due", "vv-federal-register-feed"],
  [
    "A customer wants to deposit USDT from wallet 0x7a3f...; does that address have ties to OFAC-listed tumbling services?",
    "vv-crypto-address-risk",
  ],
  [
    "Keep broker-dealer communications immutable for seven years and freeze deletion for a pending lawsuit",
    "vv-legal-hold-vault",
  ],
  [
    "Lint our professional claims batch for implementation-guide errors before sending it to the clearinghouse",
    "vv-edi-837-validator",
  ],
];

export const FIFTYSIXTH_UNSERVED: string[] = [
  "Quote and bind an NFIP flood insurance policy for a homeowner in Zone AE",
  "Submit a prior authorization request for a lumbar MRI to UnitedHealthcare",
  "Check adjudication status of claims we already sent to Medicare (276/277 inquiry)",
  "Electronically file a motion to dismiss in the District of New Jersey through CM/ECF",
  "Arrange process service on a defendant in Houston and get back an affidavit of service",
  "Form a new Delaware LLC and file its certificate of formation",
  "File a federal trademark application for our new logo with the USPTO",
  "Run payroll and send direct deposits to 40 employees this Friday",
  "Order a 10-panel drug test for a job applicant at a nearby collection site",
  "Book an LTL pickup for two pallets from Memphis to Atlanta",
  "Transmit an Importer Security Filing (10+2) to CBP for an ocean shipment",
  "Check for drug-drug interactions between warfarin and fluconazole",
  "What's the annual property tax bill and due date for parcel 123-45-678 in Maricopa County?",
  "Median asking rent for two-bedroom apartments within a mile of a given address",
  "Pull a rental applicant's FICO score and tradeline summary",
  "Get the seismic liquefaction hazard zone for a commercial building in Oakland",
  "Look up the NCCI workers' compensation class code for a roofing contractor",
  "Translate a patient's discharge instructions into Spanish",
  "Have a closing document remotely notarized by a commissioned notary over video",
  "Send a purchase agreement packet out for e-signature by all parties",
];
