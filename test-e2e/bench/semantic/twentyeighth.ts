/**
 * twentyeighth set, written 2026-11-27 blind by a helper. Style: an operations agent at a mid-size company
 * working through task tickets across procurement, compliance and risk, IT and security, logistics, finance
 * operations, marketing ops, HR admin and facilities. Needs read like ticket titles or ticket bodies
 * ("Vendor onboarding: confirm supplier isn't on any sanctions list before PO"); listings are paid APIs such an
 * agent could call.
 */
export const TWENTYEIGHTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "i-sanctions-screen",
    "ClearList Screening API",
    "Screen people and organizations against OFAC SDN, EU consolidated, UN Security Council and UK HMT sanctions lists with fuzzy name matching. Returns match scores, list source and designation details for each hit.",
    "identity.kyc",
  ],
  [
    "i-sanctions-screen-alt",
    "WatchlistGuard",
    "Batch and real-time restricted-party checks for trade compliance teams: submit entity or individual names and get hits from global sanctions, denied-party and export-control lists, with daily list refresh and re-screening of stored records.",
    "identity.kyc",
  ],
  [
    "i-company-registry",
    "RegistryLink",
    "Official company register data from 140+ jurisdictions: legal name, registration number, incorporation date, active/dissolved status, registered office, directors and officers, and filing history.",
    "data.company",
  ],
  [
    "i-vat-validate",
    "VATCheck",
    "Validate EU VAT numbers against VIES and UK VAT numbers against HMRC in real time. Returns validity, the registered trader name and address, and a consultation reference for audit trails.",
    "data.government",
  ],
  [
    "i-lei-lookup",
    "LEI Resolver",
    "Search the GLEIF database by Legal Entity Identifier or company name. Returns the LEI record, registration status, legal address, and direct and ultimate parent relationships.",
    "data.company",
  ],
  [
    "i-business-credit",
    "TradeScore Business Credit",
    "Commercial credit reports for companies: credit score, recommended credit limit, days-beyond-terms payment behavior, liens, judgments and probability of delinquency over the next 12 months.",
    "data.company",
  ],
  [
    "i-iban-validate",
    "BankCode Validator",
    "Validate IBANs and account numbers, check digits and structure per country, and resolve SWIFT/BIC and domestic routing codes to the bank name, branch and address.",
    "data.finance",
  ],
  [
    "i-fx-rates",
    "RateDesk FX",
    "Live and historical foreign exchange rates for 170 currencies, with daily end-of-day fixings back to 1999 and a conversion endpoint for any date.",
    "data.finance",
  ],
  [
    "i-fx-rates-alt",
    "CurrencyLayer Pro",
    "Spot and historical currency conversion API: convert amounts between world currencies at the mid-market rate for today or any past date, plus time-series and monthly average rates.",
    "data.finance",
  ],
  [
    "i-invoice-extract",
    "InvoiceParse",
    "Upload PDF or image invoices and receive structured JSON: supplier, invoice number, dates, PO reference, tax, totals and every line item with quantity and unit price.",
    "compute.image",
  ],
  [
    "i-invoice-extract-alt",
    "BillReader AI",
    "Document AI for accounts payable. Reads supplier bills and receipts in any layout, including scans and photos, and returns header fields and itemized lines ready to post to your ERP.",
    "compute.image",
  ],
  [
    "i-sales-tax",
    "TaxRate Now",
    "US sales and use tax rates by street address or ZIP+4, broken down by state, county, city and special district, with product taxability codes and tax calculation for a cart.",
    "data.government",
  ],
  [
    "i-email-verify",
    "MailProbe Verify",
    "Email address verification: syntax, domain and MX checks and SMTP mailbox probing to classify each address as deliverable, undeliverable, risky or unknown. Single and bulk list endpoints.",
    "identity.email",
  ],
  [
    "i-email-verify-alt",
    "BounceShield",
    "Clean mailing lists before you send. Detects invalid mailboxes, disposable and temporary providers, role accounts, catch-all domains and spam traps, and returns a send/don't-send verdict per address.",
    "identity.email",
  ],
  [
    "i-breach-exposure",
    "LeakWatch",
    "Check whether email addresses or an entire corporate domain appear in known data breaches and credential dumps, with breach names, dates and exposed data types. Domain monitoring with alerts.",
    "identity.email",
  ],
  [
    "i-tls-cert-check",
    "CertSentry",
    "Inspect SSL/TLS certificates for any hostname: issuer, validity dates, days to expiry, chain completeness, hostname mismatch and weak protocols. Schedule monitors that notify before expiration.",
    "data.other",
  ],
  [
    "i-whois-rdap",
    "DomainRecord",
    "WHOIS and RDAP lookups for domain names and IPs: registrar, creation and expiry dates, registrant organization where public, name servers and historical ownership records.",
    "data.other",
  ],
  [
    "i-cve-feed",
    "VulnIndex",
    "Query the CVE and NVD vulnerability database by vendor, product and version or CPE. Returns matching CVEs with CVSS scores, descriptions, known-exploited flags and patch references.",
    "data.other",
  ],
  [
    "i-ip-reputation",
    "IPThreat Intel",
    "Reputation lookup for IPv4/IPv6 addresses: abuse confidence score, recent attack reports, botnet and scanner activity, and detection of Tor exit nodes, VPNs, proxies and hosting ranges.",
    "data.other",
  ],
  [
    "i-ip-reputation-alt",
    "AbuseScore",
    "Risk scoring for network addresses used by SOC teams. Submit single IPs or bulk lists and get a threat score, categories of observed abuse, anonymizer flags and first/last seen dates.",
    "data.other",
  ],
  [
    "i-url-scan",
    "LinkInspect",
    "Submit a URL or file hash to be checked by dozens of antivirus and phishing detection engines and a sandboxed browser. Returns verdicts, detected brand impersonation and redirect chain.",
    "compute.other",
  ],
  [
    "i-email-auth-dns",
    "DMARC Doctor",
    "Analyze a domain's SPF, DKIM and DMARC DNS records, flag syntax errors, lookup-limit problems and missing alignment, and aggregate DMARC reports to show who sends mail as you.",
    "data.other",
  ],
  [
    "i-sms-send",
    "TextRelay",
    "Programmable SMS API: send transactional and bulk text messages to 200+ countries, one-time passcodes, delivery receipts and two-way replies via webhook.",
    "communication.sms",
  ],
  [
    "i-phone-lookup",
    "NumberIntel",
    "Phone number validation and intelligence: E.164 formatting, line type (mobile, landline, VoIP, toll-free), current carrier, porting status and country.",
    "communication.sms",
  ],
  [
    "i-id-verify",
    "VerifyMe ID",
    "Identity verification for onboarding: capture a government ID (passport, driver's license, national ID), check document authenticity, and match it to a selfie with liveness detection.",
    "identity.kyc",
  ],
  [
    "i-address-validate",
    "AddressCertify",
    "CASS-certified US address validation and international postal address verification. Corrects and standardizes street, city and postal code, appends ZIP+4 and flags undeliverable addresses.",
    "data.maps",
  ],
  [
    "i-address-validate-alt",
    "PostalClean",
    "Verify and normalize mailing addresses in real time or in bulk. Fixes typos, fills missing postcode fields, returns deliverability codes from postal authority data for 240 countries.",
    "data.maps",
  ],
  [
    "i-geocode",
    "GeoPoint",
    "Forward and reverse geocoding: convert street addresses to latitude/longitude coordinates and back, with accuracy level, batch upload and rooftop precision in supported countries.",
    "data.maps",
  ],
  [
    "i-route-optimize",
    "FleetPath Optimizer",
    "Vehicle routing solver for delivery fleets: assign stops to vehicles and sequence them to minimize distance or time, respecting time windows, capacities and driver shifts.",
    "data.maps",
  ],
  [
    "i-ship-rates",
    "ShipCompare",
    "Multi-carrier shipping API: get live rates from UPS, FedEx, USPS, DHL and regional carriers for a package, compare transit times, and purchase and print labels.",
    "commerce.shipping",
  ],
  [
    "i-parcel-track",
    "TrackAll",
    "Universal parcel tracking for 1,000+ carriers from a single tracking number, with auto carrier detection, normalized checkpoint events and estimated delivery date.",
    "commerce.shipping",
  ],
  [
    "i-parcel-track-alt",
    "ParcelPulse",
    "Shipment status API with push updates: register tracking codes from any courier and receive webhooks on in-transit, out-for-delivery, delivered and exception events.",
    "commerce.shipping",
  ],
  [
    "i-freight-ltl",
    "PalletQuote",
    "Instant LTL freight rate quotes from national and regional carriers for palletized shipments, by origin, destination, weight, freight class and accessorials.",
    "commerce.shipping",
  ],
  [
    "i-hs-classify",
    "TariffWise",
    "Classify products into HS and HTS codes from a description, and calculate import duties, taxes and total landed cost for a given origin and destination country.",
    "commerce.shipping",
  ],
  [
    "i-container-track",
    "BoxTrace Ocean",
    "Track ocean shipping containers by container number, bill of lading or booking number across major carriers: vessel, port milestones, gate-in/out, discharge and ETA.",
    "commerce.shipping",
  ],
  [
    "i-weather-alerts",
    "StormWatch Alerts",
    "Location-based severe weather alerts: subscribe sites by address or coordinates and receive official warnings for tornadoes, floods, hurricanes, winter storms and extreme heat.",
    "data.weather",
  ],
  [
    "i-air-quality",
    "AirNow Data API",
    "Real-time and forecast air quality index for any location, with PM2.5, PM10, ozone and other pollutant concentrations and health guidance categories.",
    "data.weather",
  ],
  [
    "i-public-holidays",
    "HolidayCal",
    "Public and bank holidays for 200+ countries and their subdivisions, including observed dates, regional holidays and working-day calculations.",
    "data.government",
  ],
  [
    "i-salary-bench",
    "PayScale Benchmarks",
    "Compensation benchmarking data: base salary, bonus and total cash percentiles by job title, level, industry and metro area, refreshed quarterly.",
    "data.people",
  ],
  [
    "i-background-check",
    "CheckPoint Screening",
    "FCRA-compliant pre-employment screening: county, state and federal criminal searches, sex offender registry, employment and education verification, with candidate consent flows.",
    "data.people",
  ],
  [
    "i-esign",
    "SignFlow",
    "Electronic signature API: create envelopes from documents, route them to signers in order, capture legally binding e-signatures and receive completion webhooks with an audit certificate.",
    "agent.tools",
  ],
  [
    "i-esign-alt",
    "InkLess",
    "Send contracts and forms for digital signing by email. Signers sign from any device; you get a tamper-evident signed PDF and status callbacks when each party finishes.",
    "agent.tools",
  ],
  [
    "i-html-to-pdf",
    "DocRender",
    "Convert HTML, CSS or a URL into pixel-accurate PDF documents with headers, footers, page numbers and custom page sizes. Supports templates with JSON data merge.",
    "compute.other",
  ],
  [
    "i-doc-translate",
    "LinguaDocs",
    "Machine translation of whole documents (DOCX, PPTX, XLSX, PDF) across 100+ languages while preserving the original formatting, tables and layout. Glossary support.",
    "compute.inference",
  ],
  [
    "i-transcribe",
    "ScribeAudio",
    "Speech-to-text for recorded meetings and calls: accurate transcripts with timestamps, speaker diarization, punctuation and support for 50 languages.",
    "compute.audio",
  ],
  [
    "i-adverse-media",
    "NegNews Screen",
    "Adverse media screening for due diligence: searches global news and web sources for a person or company and returns articles tagged by risk category such as fraud, corruption, litigation and money laundering.",
    "data.news",
  ],
  [
    "i-sec-filings",
    "EdgarStream",
    "Full-text search and retrieval of SEC EDGAR filings: 10-K, 10-Q, 8-K, proxy statements and more, with parsed financial statements and company lookup by ticker or CIK.",
    "data.finance",
  ],
  [
    "i-social-listening",
    "BuzzTrack",
    "Social listening API that monitors mentions of brands and keywords across X, Reddit, forums, blogs and review sites, with sentiment scoring and real-time alerts.",
    "web.search",
  ],
  [
    "i-keyword-volume",
    "KeywordMetrics",
    "SEO keyword data: monthly search volume, keyword difficulty, cost-per-click and related keyword suggestions by country and language.",
    "web.search",
  ],
  [
    "i-screenshot",
    "SnapPage",
    "Website screenshot API: render any URL in a real browser and return full-page or viewport PNG/JPEG captures, with device emulation, ad blocking and timed delays.",
    "web.browser",
  ],
  [
    "i-price-monitor",
    "PriceSpy Retail",
    "Competitor price tracking: monitor product prices and stock status on e-commerce sites and marketplaces by URL or SKU, with change history and alerts.",
    "commerce.products",
  ],
  [
    "i-barcode-lookup",
    "UPC Base",
    "Look up products by UPC, EAN or ISBN barcode number: product name, brand, category, description, images and dimensions.",
    "commerce.products",
  ],
  [
    "i-bg-remove",
    "CutOut Studio",
    "Automatically remove image backgrounds from product photos and portraits, returning transparent PNGs or replacing the background with a solid color. Batch processing.",
    "compute.image",
  ],
  [
    "i-secure-file-share",
    "VaultDrop",
    "Encrypted file transfer and storage API: upload large files and generate share links with expiry, download limits, password protection and access logs.",
    "storage.files",
  ],
  [
    "i-secrets-scan",
    "KeyLeak Scanner",
    "Scan Git repositories, commit history and CI logs for hardcoded secrets such as API keys, cloud credentials, tokens and private keys, with validity checks on detected secrets.",
    "compute.code",
  ],
  [
    "i-uptime-probe",
    "PingGlobe",
    "Synthetic monitoring from 30+ global locations: HTTP, ping and TCP checks at intervals down to 30 seconds, measuring response time and availability with downtime alerts.",
    "compute.other",
  ],
  [
    "i-wallet-risk",
    "ChainRisk AML",
    "Blockchain address screening for crypto compliance: risk score for a wallet on Bitcoin, Ethereum and major chains, with exposure to sanctioned entities, mixers, darknet markets and hacked funds.",
    "data.crypto",
  ],
  [
    "i-company-enrich",
    "FirmoGraph",
    "Company enrichment by domain or name: industry, employee count, estimated revenue, headquarters, technologies used, and social profiles for lead routing and scoring.",
    "data.company",
  ],
  [
    "i-trademark-search",
    "MarkSearch",
    "Search registered and pending trademarks at USPTO, EUIPO and WIPO by word mark, owner or class, with similarity matching to assess clearance risk.",
    "data.government",
  ],
  [
    "i-cookie-scan",
    "ConsentAudit",
    "Crawl a website and inventory every cookie, tracker, pixel and third-party script, classify them by purpose, and report which fire before user consent for GDPR and ePrivacy audits.",
    "web.scrape",
  ],
];

/** Near-duplicate competitor key -> the key of the listing it competes with (both serve the same needs). */
export const TWENTYEIGHTH_DUPLICATES: Record<string, string> = {
  "i-sanctions-screen-alt": "i-sanctions-screen",
  "i-fx-rates-alt": "i-fx-rates",
  "i-invoice-extract-alt": "i-invoice-extract",
  "i-email-verify-alt": "i-email-verify",
  "i-ip-reputation-alt": "i-ip-reputation",
  "i-address-validate-alt": "i-address-validate",
  "i-parcel-track-alt": "i-parcel-track",
  "i-esign-alt": "i-esign",
};

/** [need, key of the listing that serves it] (its duplicate counts as serving it too). */
export const TWENTYEIGHTH_NEEDS: [need: string, key: string][] = [
  [
    "Vendor onboarding: make sure the new Turkish fastener supplier isn't a blocked or designated party under US/EU rules before the PO is issued",
    "i-sanctions-screen",
  ],
  [
    "Export compliance: re-check all 340 active customers against the government blacklists after this week's new designations",
    "i-sanctions-screen-alt",
  ],
  [
    "New supplier setup: pull their official incorporation record, who the directors are, and whether the entity is still live at Companies House",
    "i-company-registry",
  ],
  [
    "AP: customer's EU tax ID on the invoice looks off, confirm DE811569869 is valid before we zero-rate the intra-community sale",
    "i-vat-validate",
  ],
  [
    "Treasury: need the 20-character global identifier and parent company for our counterparty bank for EMIR reporting",
    "i-lei-lookup",
  ],
  [
    "Credit review: should we extend net-60 terms to Brightline Fixtures Inc? Need their payment track record and likelihood of default",
    "i-business-credit",
  ],
  [
    "Supplier emailed new remittance details; check the account number structure and the bank it belongs to before updating the vendor master",
    "i-iban-validate",
  ],
  [
    "Month-end close: need the EUR/USD and GBP/USD closing rates for Oct 31 to revalue foreign-currency balances",
    "i-fx-rates",
  ],
  [
    "Convert 14 expense reports submitted in yen and Mexican pesos to dollars at the rate on each receipt date",
    "i-fx-rates-alt",
  ],
  [
    "AP inbox: pull vendor, PO number, totals and each line out of scanned supplier bills so they post into NetSuite automatically",
    "i-invoice-extract",
  ],
  [
    "How much tax do we charge on an order shipping to 1600 Amphitheatre Pkwy, Mountain View, with the state, county and city portions?",
    "i-sales-tax",
  ],
  [
    "Marketing ops: clean the trade show lead list and drop contacts that will bounce before we import to HubSpot",
    "i-email-verify",
  ],
  [
    "Before the webinar invite goes out, flag throwaway and accept-all inboxes in the 12k-row contact list",
    "i-email-verify-alt",
  ],
  [
    "Security: have any of our employees' work logins shown up in leaked password dumps?",
    "i-breach-exposure",
  ],
  [
    "IT ticket: the customer portal threw a browser security warning last year; warn us 30 days before any of our HTTPS certs lapse",
    "i-tls-cert-check",
  ],
  [
    "Who registered the lookalike domain acme-payrolls.com and when? We suspect phishing against our staff",
    "i-whois-rdap",
  ],
  [
    "Patch management: list the known security flaws affecting Apache Tomcat 9.0.70 along with their severity ratings",
    "i-cve-feed",
  ],
  [
    "SOC: repeated failed logins from 185.220.101.4, is that an anonymizing exit or a known bad actor?",
    "i-ip-reputation",
  ],
  [
    "Firewall triage: score this batch of inbound source addresses for malicious history before we add block rules",
    "i-ip-reputation-alt",
  ],
  [
    "Employee forwarded a link from an email pretending to be our bank; check whether the page is a credential-harvesting site or drops malware",
    "i-url-scan",
  ],
  [
    "Our invoice emails keep landing in customers' spam folders; check whether our domain's sender authentication records are set up correctly",
    "i-email-auth-dns",
  ],
  [
    "Facilities: text every warehouse worker that the site is closed tomorrow because of the storm",
    "i-sms-send",
  ],
  [
    "HR admin: send job applicants a one-time code to their cell to confirm their number during the application",
    "i-sms-send",
  ],
  [
    "Is this supplier contact number a cell, a landline or an internet phone line, and which network is it on?",
    "i-phone-lookup",
  ],
  [
    "Contractor onboarding: confirm the remote hire's passport is genuine and that it's really them holding it on camera",
    "i-id-verify",
  ],
  [
    "Logistics: about 2% of our shipments come back undeliverable; fix and standardize customer mailing addresses before labels print",
    "i-address-validate",
  ],
  [
    "Clean up vendor master records: correct the street and ZIP fields and flag any location the post office doesn't recognize",
    "i-address-validate-alt",
  ],
  [
    "Facilities: get coordinates for all 85 store locations so we can plot them on the regional map",
    "i-geocode",
  ],
  [
    "Plan tomorrow's van runs: 4 drivers, 60 drop-offs with customer time slots, fewest total miles",
    "i-route-optimize",
  ],
  [
    "Compare UPS, FedEx and USPS costs for a 12 lb box from Dallas to Seattle and buy postage with the cheapest one",
    "i-ship-rates",
  ],
  ["Customer asking where order #55120 is; get the latest scan for 1Z999AA10123456784", "i-parcel-track"],
  [
    "Set up notifications to our system whenever an outbound package is delivered or gets stuck with a courier problem",
    "i-parcel-track-alt",
  ],
  [
    "Need pricing to move 6 pallets, 2,400 lb total, from our Chicago DC to Atlanta; not enough for a full truck",
    "i-freight-ltl",
  ],
  [
    "Importing Bluetooth speakers from Shenzhen: which customs code do they fall under and what will we owe at the US border?",
    "i-hs-classify",
  ],
  ["Where is our sea shipment MSCU1234567, has it been unloaded at Long Beach yet?", "i-container-track"],
  [
    "Facilities: notify us when tornado or flash-flood warnings are issued for any of our 12 warehouse sites",
    "i-weather-alerts",
  ],
  [
    "Wildfire smoke in Sacramento: is outdoor loading dock work safe today? Need the current pollution level",
    "i-air-quality",
  ],
  [
    "Payroll calendar: which days are statutory days off in Germany, India and Brazil next year so we can shift pay dates?",
    "i-public-holidays",
  ],
  [
    "HR: what's the market pay range for a senior data engineer in Austin so we can set the job posting band?",
    "i-salary-bench",
  ],
  [
    "Offer accepted: run criminal record and previous-employer checks on the candidate now that they've consented",
    "i-background-check",
  ],
  [
    "Send the MSA to the vendor's counsel for signatures from both sides and let us know once it's fully executed",
    "i-esign",
  ],
  ["Get the renewed lease addendum signed by the landlord remotely, he's out of state", "i-esign-alt"],
  [
    "Finance ops: turn our monthly customer statement web templates into printable files we can attach to emails",
    "i-html-to-pdf",
  ],
  [
    "Legal needs the Spanish supplier agreement in English, keeping the Word file's layout intact",
    "i-doc-translate",
  ],
  ["Turn the recorded quarterly board call into written minutes showing who said what", "i-transcribe"],
  [
    "Third-party risk: check for negative press about Lumen Logistics, like fraud, lawsuits or bribery allegations",
    "i-adverse-media",
  ],
  [
    "Pull the latest annual and quarterly reports our top three publicly traded customers filed with the regulator for the credit review",
    "i-sec-filings",
  ],
  [
    "Marketing ops: alert me when people complain about our brand on Reddit or in online communities",
    "i-social-listening",
  ],
  [
    "Content planning: how many people google 'ergonomic office chair' each month and how competitive is it?",
    "i-keyword-volume",
  ],
  [
    "Compliance archive: capture an image of the competitor's pricing page exactly as it looks today",
    "i-screenshot",
  ],
  [
    "Tell us when Staples or Office Depot change what they charge for the toner cartridges we also sell",
    "i-price-monitor",
  ],
  [
    "Receiving dock: figure out what item this is from the 12-digit code on an unlabeled carton",
    "i-barcode-lookup",
  ],
  ["Marketing: put the 300 catalog product shots on a plain white backdrop", "i-bg-remove"],
  [
    "Send the auditors the 2GB payroll export through a password-protected link that stops working after 7 days",
    "i-secure-file-share",
  ],
  [
    "DevSecOps: a contractor may have committed AWS access keys, check our GitHub repos for exposed credentials",
    "i-secrets-scan",
  ],
  [
    "IT: checkout feels slow from Europe; measure load time from several countries every few minutes and page us if the site goes down",
    "i-uptime-probe",
  ],
  [
    "Finance ops: a customer wants to pay in USDC; check whether their wallet has ties to tumblers or stolen funds before accepting",
    "i-wallet-risk",
  ],
  [
    "Marketing ops: for inbound demo requests, fill in headcount, industry and revenue from the sender's email domain",
    "i-company-enrich",
  ],
  [
    "Before launching the name 'Nimbus Desk', check whether anyone already owns it as a brand in the US or Europe",
    "i-trademark-search",
  ],
  [
    "Privacy compliance: list everything our marketing site drops on visitors' browsers before they click accept, for the GDPR audit",
    "i-cookie-scan",
  ],
];

/** Needs that no listing in this file serves (an honest engine returns nothing). */
export const TWENTYEIGHTH_UNSERVED: string[] = [
  "Book the large 4th-floor conference room for Thursday 2-4pm for the vendor review",
  "Get quotes to renew our general liability and cyber insurance policies",
  "Reorder 40 cases of copy paper and toner for the Denver office",
  "Release the ACH payments for today's batch of approved supplier invoices",
  "File our quarterly Form 941 payroll tax return with the IRS",
  "Dispatch an HVAC technician to repair the warehouse rooftop unit",
  "Reset multi-factor authentication for a locked-out employee in Okta",
  "Book flights and hotel rooms for six people attending the Las Vegas trade show",
  "Submit the customs entry and pay the duties so our inbound container gets released",
  "File a trademark application for our new product name with the USPTO",
  "Schedule a pre-employment drug test at a collection site near the candidate",
  "Respond to the chargeback dispute on order 88213 with delivery evidence",
  "Arrange certified data destruction and a recycling pickup for 40 retired laptops",
  "Print and mail postcards to 5,000 customers announcing the price change",
  "Redirect a package that's already in transit to a different delivery address",
  "Buy carbon offsets to cover last quarter's business travel emissions",
  "Hire a commercial cleaning crew for the new office every weekday evening",
  "Enroll the new hires in the company health insurance plan",
  "Provision Microsoft 365 licenses and mailboxes for the five incoming interns",
  "Apply to the city for a sign permit for the new storefront",
];
