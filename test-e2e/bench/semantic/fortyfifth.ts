/** forty-fifth set, written 2026-11-27 blind by a helper. Style: business and enterprise data and document tools, needs phrased as operations, finance, sales and legal assistants doing a colleague's task. */
export const FORTYFIFTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "kk-company-registry",
    "OpenCorp Registry API",
    "Official company register data from 140+ jurisdictions: legal name, registration number, incorporation date, status, registered address, directors and officers, and filing history.",
    "data.company",
  ],
  [
    "kk-company-registry-alt",
    "Registrar Bridge",
    "Look up any incorporated entity by name or company number and get its statutory record — active or dissolved status, registered office, appointed officers and recent filings — pulled from national business registers.",
    "data.company",
  ],
  [
    "kk-firmographics",
    "FirmoGraph Enrich",
    "Send a website domain, get back the company profile: headcount range, estimated annual revenue, industry codes (NAICS/SIC), HQ location, founding year and social links. Built for CRM enrichment.",
    "data.company",
  ],
  [
    "kk-tech-stack",
    "StackSpy",
    "Detects the technologies a company's website runs — CMS, analytics, e-commerce platform, payment provider, marketing automation — and tracks when tools are added or removed.",
    "data.company",
  ],
  [
    "kk-contact-enrich",
    "LeadFill Contacts",
    "Find verified work emails and direct-dial phone numbers for a person from their name and company. Returns job title, seniority and LinkedIn URL with a confidence score.",
    "data.people",
  ],
  [
    "kk-contact-enrich-alt",
    "ProspectIQ People Data",
    "B2B person enrichment: give a full name plus employer domain and receive the professional email address, mobile number and current role, refreshed monthly.",
    "data.people",
  ],
  [
    "kk-org-chart",
    "OrgMap",
    "Reporting-line data for mid-size and large companies: who reports to whom, department heads and buying-committee members by function, inferred from public profiles.",
    "data.people",
  ],
  [
    "kk-intent-data",
    "SignalBuy Intent",
    "Account-level buyer intent: which companies are actively researching a topic this week, based on B2B content consumption across a publisher co-op. Surface in-market accounts before competitors do.",
    "data.company",
  ],
  [
    "kk-email-verify",
    "BounceGuard",
    "Real-time email address verification: syntax, MX, SMTP mailbox check, disposable and role-account detection, catch-all flag. Clean lists before a campaign.",
    "identity.email",
  ],
  [
    "kk-email-verify-alt",
    "MailProbe Validate",
    "Checks whether an inbox actually exists and will accept mail, without sending a message. Flags throwaway domains and risky addresses; bulk list upload supported.",
    "identity.email",
  ],
  [
    "kk-phone-validate",
    "LineType Lookup",
    "Phone number intelligence: validity, E.164 formatting, carrier name, line type (mobile, landline, VoIP) and porting status for 230 countries.",
    "communication.sms",
  ],
  [
    "kk-address-validate",
    "AddressCert",
    "CASS-certified US and international postal address verification: standardizes, corrects and geocodes addresses and flags undeliverable, residential or commercial.",
    "data.maps",
  ],
  [
    "kk-sanctions-screen",
    "WatchScreen AML",
    "Screen people and companies against OFAC SDN, EU, UN and UK HMT sanctions lists plus PEP and adverse-media databases, with fuzzy name matching and match scores.",
    "identity.kyc",
  ],
  [
    "kk-sanctions-screen-alt",
    "ComplyCheck Lists",
    "Name screening for compliance teams: one call checks consolidated global watchlists, politically exposed persons and enforcement actions, returning ranked hits with reasons.",
    "identity.kyc",
  ],
  [
    "kk-id-verify",
    "VeriFace ID",
    "Remote identity verification: the user photographs a passport or driver's license and takes a selfie; we check document authenticity, read the MRZ and run a liveness face match.",
    "identity.kyc",
  ],
  [
    "kk-beneficial-owner",
    "UBO Graph",
    "Maps ultimate beneficial owners and shareholding chains across corporate layers, showing who ultimately owns or controls an entity and with what percentage.",
    "identity.kyc",
  ],
  [
    "kk-court-records",
    "DocketSearch",
    "Search US federal and state court cases by party name, case number or attorney. Returns docket entries, filings, judges and case status, with alerts for new activity.",
    "data.government",
  ],
  [
    "kk-ucc-liens",
    "LienFinder UCC",
    "Search Secretary of State UCC-1 financing statements, tax liens and judgment liens by debtor name to see which lenders hold security interests in a business's assets.",
    "data.government",
  ],
  [
    "kk-trademark-search",
    "MarkCheck",
    "Search registered and pending trademarks at USPTO, EUIPO and WIPO by word mark or logo, with owner, classes, status and similar-mark knockout analysis.",
    "data.government",
  ],
  [
    "kk-contract-review",
    "ClauseLens",
    "AI contract analysis: upload an agreement and get extracted key terms — parties, term, renewal, termination, liability caps, governing law — plus flagged risky or missing clauses against your playbook.",
    "compute.inference",
  ],
  [
    "kk-invoice-ocr",
    "InvoiceParse",
    "Extracts supplier, invoice number, dates, totals, tax and line items from PDF or scanned invoices in 40 languages, returning structured JSON ready for AP automation.",
    "compute.image",
  ],
  [
    "kk-invoice-ocr-alt",
    "APCapture",
    "Accounts payable document capture: turns vendor bills — photos, scans or e-mailed PDFs — into header fields and itemized rows with quantities, unit prices and VAT.",
    "compute.image",
  ],
  [
    "kk-receipt-ocr",
    "SnapReceipt",
    "Reads photos of till receipts and card slips for expense reporting: merchant, date, total, tip, tax, payment method and expense category.",
    "compute.image",
  ],
  [
    "kk-tax-form-extract",
    "FormPull Tax",
    "Extracts data from US tax documents — W-2, W-9, 1099 variants, 1040 schedules — with field-level confidence, for lending and accounting workflows.",
    "compute.image",
  ],
  [
    "kk-bank-statement-parse",
    "StatementIQ",
    "Converts bank statement PDFs from thousands of banks into clean transaction lists with running balances, and flags tampering and income patterns.",
    "compute.other",
  ],
  [
    "kk-pdf-tables",
    "TableLift",
    "Pulls tables out of PDFs — reports, price lists, financial statements — into CSV or Excel with merged cells and multi-page tables preserved.",
    "compute.other",
  ],
  [
    "kk-doc-convert",
    "ConvertDocs",
    "File format conversion API: Word, Excel, PowerPoint, HTML and images to PDF and back, plus PDF merge, split, compress and PDF/A archiving.",
    "storage.files",
  ],
  [
    "kk-esign",
    "SignFlow",
    "Send documents for legally binding electronic signature, set signing order and fields, track status via webhooks and download the completed PDF with audit trail.",
    "agent.tools",
  ],
  [
    "kk-esign-alt",
    "InkLess eSign",
    "eIDAS and ESIGN-compliant signing: route an agreement to one or many signers, collect signatures and initials online, receive the executed copy and certificate of completion.",
    "agent.tools",
  ],
  [
    "kk-pii-redact",
    "RedactPro",
    "Automatically finds and blacks out personal data in documents — names, SSNs, account numbers, addresses, medical details — producing redacted PDFs for disclosure or discovery.",
    "compute.inference",
  ],
  [
    "kk-translate",
    "LinguaDocs",
    "Machine translation for business documents in 100+ languages that keeps the original layout of DOCX, PPTX and PDF files, with glossary and tone control.",
    "compute.inference",
  ],
  [
    "kk-meeting-transcribe",
    "MinuteTaker",
    "Transcribes recorded meetings and calls with speaker labels and timestamps, then produces summaries, decisions and action items.",
    "compute.audio",
  ],
  [
    "kk-meeting-transcribe-alt",
    "CallScribe",
    "Upload a Zoom, Teams or phone recording and receive a diarized transcript plus automatic notes listing who committed to what.",
    "compute.audio",
  ],
  [
    "kk-vat-validate",
    "VATCheck EU",
    "Validates EU and UK VAT identification numbers against VIES and HMRC in real time and returns the registered trader name and address with a consultation reference.",
    "data.government",
  ],
  [
    "kk-sales-tax",
    "TaxRate Engine",
    "Calculates US sales and use tax for a transaction by ship-to address and product tax code, covering 13,000+ jurisdictions and economic nexus thresholds.",
    "data.finance",
  ],
  [
    "kk-fx-rates",
    "RateLedger FX",
    "Daily and historical foreign exchange reference rates (ECB, central bank and mid-market) for 170 currencies, with month-end and average rates for accounting revaluation.",
    "data.finance",
  ],
  [
    "kk-payroll-tax",
    "WithholdCalc",
    "Computes gross-to-net pay: federal, state and local income tax withholding, FICA, unemployment and employer contributions for any US work and home address.",
    "data.finance",
  ],
  [
    "kk-salary-benchmark",
    "PayScope",
    "Compensation benchmarks by job title, level and metro: base salary percentiles, bonus and equity ranges, from employer-reported data updated quarterly.",
    "data.people",
  ],
  [
    "kk-job-postings",
    "JobStream",
    "Aggregated feed of job postings from company career sites and job boards, searchable by title, skill, location and employer, with posting and removal dates.",
    "data.other",
  ],
  [
    "kk-employment-verify",
    "WorkVerify",
    "Instantly verifies a person's employer, job title, dates of employment and income using payroll provider connections, with the person's consent.",
    "identity.kyc",
  ],
  [
    "kk-hris-unified",
    "HRLink Unified",
    "One API to read employee directories, org units, compensation and time-off data from 40+ HR systems such as Workday, BambooHR, Personio and ADP.",
    "data.people",
  ],
  [
    "kk-accounting-sync",
    "LedgerBridge",
    "Unified accounting integration: create and read invoices, bills, journal entries, contacts and chart of accounts in QuickBooks Online, Xero, NetSuite and Sage.",
    "agent.tools",
  ],
  [
    "kk-business-credit",
    "TradeScore",
    "Business credit reports: payment behaviour with suppliers (days beyond terms), credit limit recommendation, failure risk score and judgments or bankruptcies for companies worldwide.",
    "data.finance",
  ],
  [
    "kk-sec-filings",
    "EdgarText",
    "Full-text search and structured data from SEC EDGAR: 10-K, 10-Q, 8-K, proxy statements and insider Form 4 filings, with XBRL financials.",
    "data.finance",
  ],
  [
    "kk-company-news",
    "NewsPulse Companies",
    "Monitors news and press releases about specific companies, tagging events like funding rounds, executive changes, layoffs, acquisitions and lawsuits.",
    "data.news",
  ],
  [
    "kk-reviews",
    "ReputeHub",
    "Aggregates customer reviews and star ratings for business locations from Google, Yelp, Trustpilot, TripAdvisor and more, with sentiment trends.",
    "data.other",
  ],
  [
    "kk-supplier-risk",
    "VendorWatch ESG",
    "Third-party risk scores for suppliers: ESG controversies, financial distress, cyber posture and geographic risk, with continuous monitoring alerts.",
    "data.company",
  ],
  [
    "kk-public-tenders",
    "TenderFeed",
    "Government procurement opportunities: open tenders, RFPs and contract award notices from federal, state and EU TED portals, filterable by CPV/NAICS code and deadline.",
    "data.government",
  ],
  [
    "kk-freight-quote",
    "FreightRater",
    "Instant LTL and FTL freight rate quotes from 60+ carriers by origin, destination, pallet count, weight and freight class, including accessorials and transit days.",
    "commerce.shipping",
  ],
  [
    "kk-container-tracking",
    "BoxTrack Ocean",
    "Track ocean containers by container number, bill of lading or booking reference across major shipping lines: vessel, port events, ETA and demurrage risk.",
    "commerce.shipping",
  ],
  [
    "kk-parcel-tracking",
    "TrackAll Parcels",
    "One tracking endpoint for 1,000+ parcel carriers (UPS, FedEx, DHL, USPS, national posts): normalized checkpoint history and delivery status webhooks.",
    "commerce.shipping",
  ],
  [
    "kk-parcel-tracking-alt",
    "ShipSight",
    "Give us any courier tracking number and we auto-detect the carrier and return where the package is, each scan event and the expected delivery date.",
    "commerce.shipping",
  ],
  [
    "kk-hs-code",
    "TariffClass",
    "Classifies products into HS / HTS tariff codes from a description and computes import duties, taxes and landed cost for 180 destination countries.",
    "commerce.shipping",
  ],
  [
    "kk-dot-carrier",
    "CarrierVet",
    "Look up US trucking companies by USDOT or MC number: operating authority, insurance on file, fleet size, inspection and crash history, and FMCSA safety rating.",
    "data.government",
  ],
  [
    "kk-property-records",
    "DeedData",
    "US property records by address or parcel: current owner, deed and mortgage history, sale prices, tax assessment, lot and building characteristics.",
    "data.government",
  ],
  [
    "kk-property-valuation",
    "HomeWorth AVM",
    "Automated valuation model estimates for US residential properties with confidence ranges, comparable sales and rent estimates.",
    "data.finance",
  ],
  [
    "kk-insurance-eligibility",
    "CoverageCheck 270",
    "Real-time health insurance eligibility and benefits verification with 1,500 payers: active coverage, copay, deductible remaining and plan details.",
    "data.other",
  ],
  [
    "kk-npi-lookup",
    "ProviderDirectory NPI",
    "Search US healthcare providers by name, specialty or NPI: practice addresses, taxonomy, license states and accepted insurance networks.",
    "data.government",
  ],
  [
    "kk-iban-validate",
    "IBANCheck",
    "Validates IBANs and bank account numbers and returns bank name, BIC/SWIFT code, branch address and SEPA reachability.",
    "data.finance",
  ],
  [
    "kk-business-days",
    "WorkCalendar",
    "Public holidays and business-day calculations for 200 countries and subdivisions: add N working days, count workdays between dates, list bank holidays.",
    "data.other",
  ],
];

export const FORTYFIFTH_DUPLICATES: Record<string, string> = {
  "kk-company-registry-alt": "kk-company-registry",
  "kk-contact-enrich-alt": "kk-contact-enrich",
  "kk-email-verify-alt": "kk-email-verify",
  "kk-sanctions-screen-alt": "kk-sanctions-screen",
  "kk-invoice-ocr-alt": "kk-invoice-ocr",
  "kk-esign-alt": "kk-esign",
  "kk-meeting-transcribe-alt": "kk-meeting-transcribe",
  "kk-parcel-tracking-alt": "kk-parcel-tracking",
};

export const FORTYFIFTH_NEEDS: [need: string, wantedKey: string][] = [
  [
    "Is the German GmbH we're onboarding still legally in existence, and who are its managing directors on record?",
    "kk-company-registry",
  ],
  [
    "A new UK customer gave us their company number; confirm when the business was formed and where its official address is.",
    "kk-company-registry",
  ],
  [
    "For each inbound lead's website, tell me how many people work there and roughly how much money the business makes.",
    "kk-firmographics",
  ],
  ["Which of our prospects run their online store on Shopify and send emails with Klaviyo?", "kk-tech-stack"],
  [
    "I have the name of the VP of Finance at Acme Logistics — get me her business email and a direct phone line.",
    "kk-contact-enrich",
  ],
  [
    "Our trade show badge scans only captured first name, last name and company; fill in how to reach each person by email.",
    "kk-contact-enrich",
  ],
  [
    "Who sits above the IT procurement manager at this bank, and who else would weigh in on a software purchase there?",
    "kk-org-chart",
  ],
  [
    "Which accounts in my sales territory look like they're shopping for an expense management tool right now?",
    "kk-intent-data",
  ],
  [
    "Before the newsletter goes out, weed out the addresses that are going to hard bounce.",
    "kk-email-verify",
  ],
  [
    "Is this customer's number a cell phone or a landline, and which operator is it with?",
    "kk-phone-validate",
  ],
  [
    "The customer typed their shipping address with typos — fix it to the official postal format and confirm mail can actually be delivered there.",
    "kk-address-validate",
  ],
  [
    "Make sure the new distributor in Dubai and its owner aren't on any government blacklist before we ship them anything.",
    "kk-sanctions-screen",
  ],
  [
    "Compliance wants to know whether the beneficiary of this incoming wire is a senior foreign official or related to one.",
    "kk-sanctions-screen",
  ],
  [
    "A new remote contractor needs to prove they are who they claim using their passport and a live photo of themselves.",
    "kk-id-verify",
  ],
  [
    "Who actually sits at the top of the holding structure behind our new supplier — trace it up through the Cayman entities.",
    "kk-beneficial-owner",
  ],
  [
    "Has this prospective vendor been sued in federal or state court in the last five years?",
    "kk-court-records",
  ],
  [
    "Before we extend the equipment loan, see if another lender already has a claim over the borrower's machinery and receivables.",
    "kk-ucc-liens",
  ],
  [
    "Marketing wants to call the product Nimbus Pay — is that brand name already protected by someone in the US or Europe?",
    "kk-trademark-search",
  ],
  [
    "Legal sent over a 40-page master services agreement; pull out the auto-renewal terms and the cap on damages and flag anything unusual.",
    "kk-contract-review",
  ],
  [
    "The supplier sent a scanned bill as a PDF; get each item, the VAT and the total into structured data so AP can book it.",
    "kk-invoice-ocr",
  ],
  [
    "Grab the vendor name, reference number and due date from a stack of emailed bills from our suppliers.",
    "kk-invoice-ocr",
  ],
  [
    "An employee photographed a crumpled taxi slip and a lunch bill — capture the amount, the place and the date for their expense claim.",
    "kk-receipt-ocr",
  ],
  [
    "Get the payee's taxpayer ID and business name off the W-9 the new freelancer emailed us.",
    "kk-tax-form-extract",
  ],
  [
    "The loan applicant uploaded three months of Chase statements as PDFs; turn them into a list of transactions and check they haven't been doctored.",
    "kk-bank-statement-parse",
  ],
  [
    "The distributor's price list is a 30-page PDF and I need it as a spreadsheet I can filter.",
    "kk-pdf-tables",
  ],
  [
    "Turn this batch of Word proposals into PDFs and combine them into a single file for the client.",
    "kk-doc-convert",
  ],
  [
    "Get the new hire's offer letter signed by them and then countersigned by the CFO, and tell me when it's done.",
    "kk-esign",
  ],
  ["Send the NDA to the partner firm's two directors so they can sign it online.", "kk-esign"],
  [
    "We have to hand over these HR emails for a subpoena — hide employees' social security numbers and home addresses first.",
    "kk-pii-redact",
  ],
  [
    "Our Spanish subsidiary's annual results deck needs to be in English without wrecking the slide layout.",
    "kk-translate",
  ],
  [
    "Turn yesterday's board call recording into minutes showing who said what and the follow-ups agreed.",
    "kk-meeting-transcribe",
  ],
  [
    "I need a written record, with timestamps, of the audio from our customer discovery interview.",
    "kk-meeting-transcribe",
  ],
  [
    "Confirm the French customer's intra-community tax registration is genuine so we can zero-rate the invoice.",
    "kk-vat-validate",
  ],
  [
    "How much tax should we add to a software subscription sold to a customer in Austin, Texas?",
    "kk-sales-tax",
  ],
  [
    "What was the euro to dollar rate at each month-end this year, for revaluing our foreign currency balances?",
    "kk-fx-rates",
  ],
  [
    "Work out take-home pay and the employer's cost for a new hire in New York City on a $95k salary.",
    "kk-payroll-tax",
  ],
  [
    "What's the going pay for a senior data engineer in Denver so we can set the offer range?",
    "kk-salary-benchmark",
  ],
  [
    "Which of our competitors have been hiring sales reps in Germany over the past quarter?",
    "kk-job-postings",
  ],
  [
    "Confirm the rental applicant really works at the company on their form and earns what they claim.",
    "kk-employment-verify",
  ],
  [
    "Pull our client's active staff list and departments out of their Workday so we can load them into our benefits platform.",
    "kk-hris-unified",
  ],
  [
    "Push the bills approved in our approval tool straight into the client's Xero books.",
    "kk-accounting-sync",
  ],
  [
    "A new wholesale customer wants 60-day terms — how reliably do they pay other suppliers and what limit is safe to give them?",
    "kk-business-credit",
  ],
  ["Pull the risk factors section from Tesla's most recent annual report to regulators.", "kk-sec-filings"],
  [
    "Alert me whenever one of our top 50 accounts announces layoffs, a new CFO or gets bought.",
    "kk-company-news",
  ],
  ["How have the star ratings for our 12 clinic locations moved on Google and Yelp this year?", "kk-reviews"],
  [
    "Procurement wants ongoing monitoring of our key vendors for labor scandals, breaches and money trouble.",
    "kk-supplier-risk",
  ],
  ["Find public-sector bids for fleet telematics that close next month.", "kk-public-tenders"],
  [
    "What would it cost to move 6 pallets, 4,000 lb, from Atlanta to Denver by truck next week?",
    "kk-freight-quote",
  ],
  [
    "Where is our box MSCU1234567 right now and when does the ship get to Rotterdam?",
    "kk-container-tracking",
  ],
  [
    "The customer says their replacement part never showed up — where is the package with this FedEx number?",
    "kk-parcel-tracking",
  ],
  ["Notify us whenever any of our outbound UPS or DHL shipments is delivered.", "kk-parcel-tracking"],
  ["What duty will we pay importing ceramic coffee mugs from China into the UK?", "kk-hs-code"],
  [
    "Before giving a load to this new trucking outfit, check they have active authority and insurance on file.",
    "kk-dot-carrier",
  ],
  ["Who is the owner of record for 1420 Elm Street and when did they buy it?", "kk-property-records"],
  [
    "Check whether the building we're about to lease has a mortgage on it and what the county assessed it at for tax.",
    "kk-property-records",
  ],
  [
    "Roughly what is the house at 88 Oak Lane worth today, for a home equity line review?",
    "kk-property-valuation",
  ],
  [
    "Before the patient's appointment Thursday, confirm their Aetna plan is active and what they'll owe at the visit.",
    "kk-insurance-eligibility",
  ],
  [
    "Find the office address and specialty for Dr. Priya Raman, a cardiologist in Ohio, for our referral form.",
    "kk-npi-lookup",
  ],
  [
    "A vendor changed their bank details by email — check the account number is valid and which bank and branch code it belongs to.",
    "kk-iban-validate",
  ],
  [
    "The invoice is dated March 28 with payment due in 10 working days in Germany — what's the actual due date once holidays are counted?",
    "kk-business-days",
  ],
];

export const FORTYFIFTH_UNSERVED: string[] = [
  "Send a certified letter by physical mail to the tenant who is behind on rent.",
  "File our quarterly sales tax return with the state of Washington.",
  "Run a criminal record check and drug screen on the warehouse candidate.",
  "Search for prior art patents before we apply for a patent on our sensor design.",
  "Form a new Delaware LLC for the spinoff and act as its registered agent.",
  "Post our open staff accountant role to Indeed, LinkedIn and ZipRecruiter in one go.",
  "Text shift reminders to all hourly staff tomorrow morning.",
  "Book the truck pickup and print the bill of lading for tomorrow's pallet shipment.",
  "What's the weather forecast at the Port of Long Beach this weekend?",
  "Get intraday share prices for our competitor's ticker for the last week.",
  "Find a meeting slot for five people across three time zones based on their calendars.",
  "Generate a branded slide deck from our quarterly numbers.",
  "Run payroll and pay our 30 employees by direct deposit this Friday.",
  "Check for interactions between two medications a patient is taking.",
  "Have a notary remotely notarize the signed affidavit over video.",
  "Book flights and a hotel for the sales team's trip to Chicago.",
  "Dub our training video into Japanese with a synthetic voice.",
  "Hand an overdue customer invoice to a debt collection agency.",
  "Get the balance of the Ethereum wallet the client paid us from.",
  "Find office space for lease that's available now in downtown Austin.",
];
