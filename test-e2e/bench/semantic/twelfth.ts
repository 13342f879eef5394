/**
 * TWELFTH set, written 2026-11-27 blind by a helper. Style: paid APIs a business's operations agent would use
 * (enrichment, firmographics, credit, AP document capture, tax/VAT, payroll and HR, e-signature, compliance
 * screening, address/phone validation, shipping, customs, commerce data, marketing data, messaging, support
 * tooling, fraud/chargebacks, bank verification, FX, ESG, and similar). Needs are phrased by the business user or
 * an ops agent in the terms of their task, rarely naming the technical service.
 */
export const TWELFTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "n-contact-enrich",
    "LeadLens",
    "Person-level enrichment for B2B contacts: send a work email, name + company, or LinkedIn URL and get back full name, job title, seniority, department, employer, direct phone and social profiles. Bulk endpoint for CRM backfills.",
    "data.people",
  ],
  [
    "n-company-firmo",
    "FirmoGraph",
    "Firmographic profile of any company from its web domain: industry (NAICS/SIC), employee count band, estimated annual revenue, HQ location, founding year and parent company. Built for account segmentation and lead scoring.",
    "data.company",
  ],
  [
    "n-tech-stack",
    "StackSniff",
    "Detects the technologies a website runs on — e-commerce platform, CMS, analytics, payment processors, chat widgets, hosting — with first-seen and last-seen dates. Look up one domain or thousands.",
    "data.company",
  ],
  [
    "n-business-credit",
    "CreditPulse",
    "Commercial credit reports on businesses in 40+ countries: credit score, probability of default, days-beyond-terms payment history, court judgments, and a recommended trade credit limit.",
    "data.finance",
  ],
  [
    "n-invoice-ocr",
    "InvoiceParse",
    "Extracts structured data from invoices and receipts (PDF, scan or phone photo): supplier, invoice number, dates, line items, tax amounts, totals and currency, returned as JSON ready for your accounts-payable system.",
    "compute.other",
  ],
  [
    "n-tax-rates",
    "TaxRate Atlas",
    "Up-to-date indirect tax rates worldwide: VAT and GST rates by country including reduced rates per product category, and US sales tax rates by street address or ZIP code down to city and special districts.",
    "data.government",
  ],
  [
    "n-vat-validate",
    "VATCheck",
    "Validates EU, UK, Swiss and Norwegian VAT registration numbers against official registries (VIES, HMRC) and returns the registered business name, address and a consultation reference for your audit file.",
    "data.government",
  ],
  [
    "n-employment-verify",
    "WorkVerify",
    "Consumer-permissioned verification of employment and income: the individual connects their payroll provider and you receive employer name, job title, start date, pay frequency and recent pay stubs.",
    "identity.kyc",
  ],
  [
    "n-payroll-calc",
    "PayCalc",
    "Gross-to-net paycheck calculator API for US payroll: federal, state and local income tax withholding, FICA, and pre-tax deductions for any pay frequency. Calculation only; does not move money.",
    "data.finance",
  ],
  [
    "n-salary-benchmark",
    "CompBench",
    "Market compensation data by job title, level and metro area: base salary percentiles, bonus and equity norms, refreshed monthly from employer-reported data. For setting pay bands and offers.",
    "data.people",
  ],
  [
    "n-esign",
    "SignFlow",
    "Send documents for legally binding electronic signature, define signing order and fields, and get webhooks as each party signs. Completed PDFs come with a tamper-evident audit trail.",
    "agent.tools",
  ],
  [
    "n-doc-gen",
    "DocForge",
    "Generate pixel-perfect PDFs and Word files from your own templates plus JSON data — quotes, invoices, certificates, reports. Supports tables, loops, images and custom fonts; batch thousands per call.",
    "compute.other",
  ],
  [
    "n-contract-review",
    "ClauseIQ",
    "AI contract analysis: upload an agreement and get parties, effective date, term, renewal and notice periods, payment terms, liability caps and indemnities extracted, with risky or non-standard clauses flagged.",
    "compute.inference",
  ],
  [
    "n-sanctions",
    "ScreenWatch",
    "Screens people and organisations against global sanctions lists (OFAC SDN, UN, EU, UK HMT) and politically exposed person databases, with fuzzy name matching, transliteration and ongoing monitoring.",
    "identity.kyc",
  ],
  [
    "n-adverse-media",
    "NegativeNews",
    "Adverse media screening: searches global news and web sources in 30 languages for coverage linking a person or company to fraud, corruption, money laundering, litigation or other financial crime, ranked by relevance.",
    "data.news",
  ],
  [
    "n-address-verify",
    "AddressCertain",
    "Validates, corrects and standardises postal addresses in 240 countries, appends ZIP+4 and postcodes, flags undeliverable or non-existent addresses, and returns rooftop geocodes.",
    "data.maps",
  ],
  [
    "n-phone-validate",
    "PhoneProbe",
    "Checks whether a phone number is valid and active, formats it to E.164, and returns country, carrier and line type (mobile, landline, VoIP, toll-free).",
    "data.other",
  ],
  [
    "n-ship-rates",
    "ShipQuote",
    "Compare live parcel rates and delivery times across UPS, FedEx, USPS, DHL and regional carriers, then buy and print the shipping label in one call. Volume discounts included.",
    "commerce.shipping",
  ],
  [
    "n-tracking",
    "TrackAll",
    "Universal parcel tracking across 1,200 carriers: submit any tracking number and get normalised status events, current location, exceptions and estimated delivery, plus webhooks on every change.",
    "commerce.shipping",
  ],
  [
    "n-hs-codes",
    "TariffCode",
    "Classifies products into Harmonized System codes (6-digit HS plus 8–10 digit national HTS/CN codes) from a plain-language description, title or image, with confidence scores and the legal heading text.",
    "commerce.shipping",
  ],
  [
    "n-landed-cost",
    "DutyCalc",
    "Calculates import duty, VAT/GST and fees for a shipment to any destination country from product description or HS code, origin and value, giving the full landed cost the buyer will pay.",
    "commerce.shipping",
  ],
  [
    "n-product-data",
    "UPCBase",
    "Product lookup by UPC, EAN or GTIN barcode: product title, brand, manufacturer, category, images, dimensions and weight from a catalogue of 600 million items.",
    "commerce.products",
  ],
  [
    "n-price-monitor",
    "PriceSpy",
    "Tracks competitor prices and stock status for your products on Amazon, Walmart, Best Buy and any retailer site you specify, with price history and alerts when someone changes price.",
    "commerce.products",
  ],
  [
    "n-review-monitor",
    "ReviewRadar",
    "Aggregates customer reviews for your business locations from Google, Yelp, Trustpilot, TripAdvisor and app stores into one feed with star ratings, sentiment and alerts on new low-rated reviews. Read-only.",
    "data.other",
  ],
  [
    "n-seo-data",
    "RankData",
    "Keyword research and search ranking data: monthly search volume, keyword difficulty, cost-per-click, the top-ranking pages for any query, and backlink profiles for any domain.",
    "web.search",
  ],
  [
    "n-ad-intel",
    "AdSpend Insight",
    "Competitive advertising intelligence: estimated monthly ad spend by channel for any brand, plus the live ad creatives they are running on Google, Meta, TikTok and YouTube. Research only.",
    "data.company",
  ],
  [
    "n-email-verify",
    "MailProof",
    "Email address verification: syntax, domain and MX checks, SMTP mailbox probing, disposable and role-account detection, and catch-all flags, so you can remove addresses that would bounce before sending.",
    "identity.email",
  ],
  [
    "n-deliverability",
    "InboxCheck",
    "Diagnoses sending-domain health: SPF, DKIM and DMARC record checks, blacklist monitoring across 100 lists, and seed tests that show whether your mail lands in inbox, promotions or spam at Gmail, Outlook and Yahoo.",
    "identity.email",
  ],
  [
    "n-transactional-email",
    "SendRelay",
    "Transactional email delivery API: send receipts, password resets and notifications from your app with templates, dedicated IPs, and open, click and bounce webhooks.",
    "identity.email",
  ],
  [
    "n-sms",
    "TextBlast",
    "Send and receive SMS and WhatsApp messages in 190 countries via one API, with delivery receipts, two-way conversations, scheduled sends and built-in one-time passcode flows.",
    "communication.sms",
  ],
  [
    "n-ticket-classify",
    "TicketSort",
    "Classifies customer support tickets by intent (refund, cancellation, billing, bug, shipping, how-to), urgency and customer sentiment so they can be routed to the right queue automatically.",
    "compute.inference",
  ],
  [
    "n-call-analytics",
    "CallScribe",
    "Transcribes recorded phone and video calls with speaker separation, then analyses them: talk-to-listen ratio, sentiment, topics and keywords mentioned, objections and a short summary per call.",
    "compute.audio",
  ],
  [
    "n-translate",
    "ReplyLingo",
    "Machine translation for customer support in 100+ languages, with glossaries to keep brand and product terms untouched and a tone setting so replies stay polite and on-brand.",
    "compute.inference",
  ],
  [
    "n-scheduling",
    "SlotFinder",
    "Finds common free time across Google and Outlook calendars for internal and external attendees, respects working hours and time zones, and books the meeting with a video link.",
    "agent.tools",
  ],
  [
    "n-job-distribution",
    "JobCast",
    "Write a job ad once and publish it to Indeed, LinkedIn, ZipRecruiter, Glassdoor and 3,000 niche and local job boards, with per-board applicant and cost-per-applicant reporting.",
    "agent.tools",
  ],
  [
    "n-background-check",
    "ClearCheck",
    "FCRA-compliant pre-employment screening: county, state and federal criminal records, sex offender registries, motor vehicle records and education verification, with candidate consent flows built in.",
    "identity.kyc",
  ],
  [
    "n-fraud-score",
    "RiskScore",
    "Real-time fraud scoring for online orders and payments: combines IP, device fingerprint, email age, phone, and billing/shipping mismatch signals into a risk score with an approve, review or decline recommendation.",
    "identity.kyc",
  ],
  [
    "n-chargeback",
    "DisputeDesk",
    "Centralises chargebacks and payment disputes from Stripe, PayPal, Adyen and Braintree: reason codes, response deadlines, win/loss rates, and auto-assembled evidence packets for representment.",
    "data.finance",
  ],
  [
    "n-bank-verify",
    "AcctConfirm",
    "Verifies bank accounts before you pay them: IBAN and routing/sort code validation, account status, and account-holder name matching (Confirmation of Payee) to stop payments to the wrong or fraudulent account.",
    "data.finance",
  ],
  [
    "n-fx-rates",
    "RateDesk FX",
    "Mid-market foreign exchange rates for 170 currencies: live, historical daily rates back to 1999, period averages, and conversion of any amount at any date's rate.",
    "data.finance",
  ],
  [
    "n-esg",
    "ESGScope",
    "ESG ratings and climate data for 50,000 public and private companies: environmental, social and governance scores, scope 1/2/3 emissions, controversies and sustainability disclosures, for supplier and portfolio assessment.",
    "data.company",
  ],
  [
    "n-company-registry",
    "RegistryLink",
    "Official company register data from 130 jurisdictions: legal name, registration number, status (active, dissolved, in liquidation), registered address, officers and directors, ultimate beneficial owners and filing history.",
    "data.company",
  ],
  [
    "n-id-verify",
    "IDVerify",
    "Identity document verification for onboarding: checks passports, driving licences and ID cards for authenticity, reads the data, and matches the holder's face to a live selfie with liveness detection.",
    "identity.kyc",
  ],
  [
    "n-inventory-sync",
    "StockSync",
    "Real-time inventory levels per SKU across Shopify, Amazon, eBay, WooCommerce and your warehouses or 3PLs, with automatic quantity syncing between channels and low-stock alerts.",
    "commerce.products",
  ],
  [
    "n-holidays",
    "HolidayCal",
    "Public and bank holidays for 230 countries and their regions, plus business-day maths: count working days between dates or add N working days to a date for a given country.",
    "data.government",
  ],
  [
    "n-visitor-id",
    "VisitorIQ",
    "Reveals which companies are visiting your website by resolving visitor IPs to organisations, with pages viewed, visit frequency and company details, for B2B sales follow-up.",
    "data.company",
  ],
  [
    "n-domain-whois",
    "DomainIntel",
    "WHOIS and DNS history for any domain: registration and expiry dates, registrar, registrant organisation where public, nameserver changes and hosting history.",
    "data.other",
  ],
  [
    "n-freight-quotes",
    "FreightBid",
    "Instant LTL and full-truckload freight quotes from 50+ carriers for palletised shipments, with accessorials such as liftgate and residential delivery, and one-click booking of the pickup.",
    "commerce.shipping",
  ],
  [
    "n-gift-cards",
    "RewardDrop",
    "Send digital gift cards and prepaid rewards from 1,500 brands worldwide by email or link, for employee recognition, customer incentives and survey thank-yous. Pay only face value.",
    "commerce.products",
  ],
  [
    "n-print-mail",
    "PostalPrint",
    "Print and post physical letters, postcards and cheques via API: upload a PDF or HTML template, we print, stuff, stamp and mail it, with USPS tracking on every piece.",
    "commerce.shipping",
  ],
  [
    "n-fax",
    "FaxLine",
    "Send and receive faxes programmatically: fax PDFs to any number worldwide, get inbound faxes as PDFs by webhook, with HIPAA-compliant storage and delivery confirmations.",
    "communication.sms",
  ],
  [
    "n-vin-decode",
    "VINDecode",
    "Decodes a vehicle identification number into make, model, year, trim, engine, drivetrain and factory specs, and lists open safety recalls for that vehicle.",
    "data.other",
  ],

  // near-duplicate competitors
  [
    "n-contact-enrich-alt",
    "PeopleFill",
    "Turn a bare email address or a name and employer into a complete B2B contact record: role, level, team, verified mobile and office phone numbers, and profile links. Upload a CSV or call the API.",
    "data.people",
  ],
  [
    "n-sanctions-alt",
    "ListGuard",
    "Watchlist checks for compliance teams: match customer and counterparty names against consolidated sanctions lists and PEP registers, with alias handling and match scores.",
    "identity.kyc",
  ],
  [
    "n-ship-rates-alt",
    "LabelHub",
    "Multi-carrier shipping API: get quotes from dozens of couriers, pick the cheapest or fastest service, and generate printable postage labels (PDF/ZPL) in a single request.",
    "commerce.shipping",
  ],
  [
    "n-email-verify-alt",
    "BounceShield",
    "Clean your mailing list: detects invalid, non-existent, throwaway and risky inboxes in real time or in bulk, returning a deliverable/undeliverable/unknown verdict per address.",
    "identity.email",
  ],
  [
    "n-fx-rates-alt",
    "XchangeAPI",
    "Currency conversion data: current and historical exchange rates for all world currencies, time series and monthly averages, as JSON.",
    "data.finance",
  ],
  [
    "n-esign-alt",
    "InkPoint",
    "Electronic signature API: upload an agreement, place signature and initial fields, email it to signers, and receive the countersigned, certified copy when everyone has signed.",
    "agent.tools",
  ],
  [
    "n-invoice-ocr-alt",
    "PaperlessAP",
    "Document capture for finance teams: reads supplier bills and expense receipts and returns vendor, amounts, VAT, due dates and line-level detail as structured fields.",
    "compute.other",
  ],
  [
    "n-tracking-alt",
    "ParcelPing",
    "One API to follow shipments from any courier worldwide: auto-detects the carrier from the tracking number, returns the latest scan and delivery estimate, and pushes updates as they happen.",
    "commerce.shipping",
  ],
];

/** near-duplicate competitor key -> the listing it competes with (either one answers the need right) */
export const TWELFTH_DUPLICATES: Record<string, string> = {
  "n-contact-enrich-alt": "n-contact-enrich",
  "n-sanctions-alt": "n-sanctions",
  "n-ship-rates-alt": "n-ship-rates",
  "n-email-verify-alt": "n-email-verify",
  "n-fx-rates-alt": "n-fx-rates",
  "n-esign-alt": "n-esign",
  "n-invoice-ocr-alt": "n-invoice-ocr",
  "n-tracking-alt": "n-tracking",
};

/** [need text, key of the listing that serves it] — each served need names one of the 52 services (not a competitor key) */
export const TWELFTH_NEEDS: [need: string, key: string][] = [
  [
    "I've got 300 webinar signups with nothing but their email addresses — fill in what they do and where they work so sales knows who to call first",
    "n-contact-enrich",
  ],
  ["how big is northwindtraders.com — headcount, rough revenue, what sector?", "n-company-firmo"],
  ["which of these prospects' online shops are built on Shopify and which on Magento?", "n-tech-stack"],
  [
    "A new wholesale customer wants net-60 terms on a £40k order. How likely are they to pay late, and how much should we let them owe us?",
    "n-business-credit",
  ],
  [
    "We get about 400 supplier bills a month as PDF attachments. I want the amount owed, due date and each line pulled into our AP spreadsheet without anyone typing it.",
    "n-invoice-ocr",
  ],
  ["turn this photo of a taxi slip into an expense line", "n-invoice-ocr"],
  ["what tax should I add to an order shipping to 98101 in Seattle?", "n-tax-rates"],
  [
    "A French client gave us FR40303265045 so we can zero-rate their invoice — is that number genuine and whose is it?",
    "n-vat-validate",
  ],
  [
    "before approving this customer's financing application, confirm who they currently work for and what they actually earn each month",
    "n-employment-verify",
  ],
  [
    "If we hire someone in Colorado at $85,000 paid every two weeks, what hits her bank account after withholding?",
    "n-payroll-calc",
  ],
  [
    "what's the going rate for a senior data engineer in Austin? don't want to lowball our offer",
    "n-salary-benchmark",
  ],
  [
    "get the landlord and both cofounders to sign the office lease online and tell me when all three are done",
    "n-esign",
  ],
  [
    "fill our quote template with each customer's line items and produce a branded PDF for all 50 of them",
    "n-doc-gen",
  ],
  [
    "When does our Salesforce agreement roll over, and how much notice do we need to give to get out? PDF attached.",
    "n-contract-review",
  ],
  ["anything unusual about the indemnity or cap on damages in this vendor MSA?", "n-contract-review"],
  [
    "is this Dubai trading company on any US or EU blacklist? we're about to wire them a deposit",
    "n-sanctions",
  ],
  ["make sure our incoming board member isn't a senior government official or related to one", "n-sanctions"],
  ["has our prospective distributor in Lagos been in the papers for bribery or fraud?", "n-adverse-media"],
  [
    "clean up the delivery addresses in this CSV — fix typos, add the ZIP+4, and tell me which ones don't exist",
    "n-address-verify",
  ],
  ["which numbers in our CRM are landlines? no point texting those", "n-phone-validate"],
  [
    "cheapest way to get a 4 lb box from Ohio to California by Thursday — and print me the label",
    "n-ship-rates",
  ],
  ["customer says order #5523 is stuck — it's 1Z999AA10123456784, where is it?", "n-tracking"],
  ["what code goes on the customs declaration for wireless Bluetooth earbuds?", "n-hs-codes"],
  [
    "before we ship to this customer in Norway, what duty will they pay on a pair of leather boots?",
    "n-landed-cost",
  ],
  ["total cost to bring 200 ceramic mugs from China into Canada, tariffs and GST included", "n-landed-cost"],
  ["scanned 0012000161155 on a returned item — what is it and who makes it?", "n-product-data"],
  ["ping me any time Best Buy or Walmart sells the Dyson V15 for less than we do", "n-price-monitor"],
  [
    "what are people saying about our 14 restaurant locations on Yelp and Google this month? anything under 3 stars?",
    "n-review-monitor",
  ],
  ["how many people google 'standing desk converter' each month and who shows up first?", "n-seo-data"],
  [
    "roughly what is Glossier spending on Facebook and Google ads, and what do their current ads look like?",
    "n-ad-intel",
  ],
  ["before the campaign goes out, scrub these 20k addresses for ones that will bounce", "n-email-verify"],
  [
    "our invoices keep landing in customers' junk folders — is our domain set up properly and are we blocked somewhere?",
    "n-deliverability",
  ],
  ["our app needs to send order confirmations and password reset emails reliably", "n-transactional-email"],
  ["text everyone with an appointment tomorrow a reminder", "n-sms"],
  ["send a 6-digit login code to the user's mobile", "n-sms"],
  ["flag which of these 200 support tickets are refund requests", "n-ticket-classify"],
  [
    "Which incoming helpdesk emails are from furious customers and need a human right away? Sort the rest by topic.",
    "n-ticket-classify",
  ],
  [
    "Take last week's recorded sales calls and tell me how much our reps talked versus the prospects, and which calls brought up pricing.",
    "n-call-analytics",
  ],
  [
    "a customer wrote to us in Portuguese — put our answer into Portuguese but leave our product names as they are",
    "n-translate",
  ],
  [
    "find 45 minutes next week when Priya, me and the client's two people are all free, and send the invite",
    "n-scheduling",
  ],
  [
    "we're hiring a warehouse supervisor in Reno — get the ad onto Indeed, ZipRecruiter and the local sites in one go",
    "n-job-distribution",
  ],
  [
    "run a criminal and driving record check on our new delivery driver; he's signed the consent form",
    "n-background-check",
  ],
  [
    "This $1,900 order: billing address in Texas, shipping to a freight forwarder in Miami, brand-new Gmail. Should we ship it?",
    "n-fraud-score",
  ],
  [
    "how many disputes did we lose last quarter and why? we take payments through Stripe and PayPal",
    "n-chargeback",
  ],
  [
    "a supplier just emailed new bank details — confirm the account really belongs to them before we send £18k",
    "n-bank-verify",
  ],
  ["convert this €12,400 invoice to dollars at the March 3 rate", "n-fx-rates"],
  ["average GBP to JPY for Q2, for the books", "n-fx-rates"],
  ["procurement needs the carbon footprint and sustainability score of our top 20 suppliers", "n-esg"],
  ["is Harbor Logistics GmbH still trading, and who are its managing directors?", "n-company-registry"],
  ["who ultimately owns this UK company that's been invoicing us?", "n-company-registry"],
  [
    "new customers must upload a passport and a selfie before opening an account — check the document is real and it's the same person",
    "n-id-verify",
  ],
  ["how many BLK-TEE-M do we have right now between Shopify, Amazon FBA and the 3PL?", "n-inventory-sync"],
  ["payment terms are 10 working days from December 22 — what's the due date in Germany?", "n-holidays"],
  ["which businesses have been poking around our pricing page this week?", "n-visitor-id"],
  [
    "this 'new vendor' emailed from a domain I don't recognise — when was it set up and by whom? smells like phishing",
    "n-domain-whois",
  ],
  [
    "need a price to move 6 pallets of canned goods Dallas to Atlanta, liftgate at delivery",
    "n-freight-quotes",
  ],
  ["send each of our 40 survey respondents a $25 Amazon or Starbucks card by email", "n-gift-cards"],
  ["post a paper past-due notice to these 80 customers", "n-print-mail"],
  ["the pharmacy only takes prior authorizations by fax — send this PDF to 555-0199", "n-fax"],
  [
    "buying a used van for the fleet, 1FTBW2CM5HKA12345 — what year and engine, and any open recalls?",
    "n-vin-decode",
  ],
];

/** needs that NO listing in this file serves */
export const TWELFTH_UNSERVED: string[] = [
  "file our quarterly VAT return with HMRC for us",
  "actually run payroll this Friday and deposit everyone's wages",
  "apply for a $250k business line of credit on our behalf",
  "buy cargo insurance for the container we're sending to Rotterdam",
  "hire a licensed customs broker to clear our shipment at Long Beach",
  "we need a sworn, certified translation of our articles of incorporation for a German notary",
  "sell our unpaid invoices so we get cash this week",
  "open a multi-currency business bank account for our EU subsidiary",
  "launch a Google Ads campaign for our spring sale with a $5k budget",
  "post public replies to the negative Google reviews on our listing",
  "buy carbon offsets to cover our 2025 shipping emissions",
  "incorporate a new Delaware LLC for our US expansion",
  "will it rain in Chicago tomorrow morning?",
  "design a logo for our bakery",
  "current price of bitcoin",
  "what was the score of last night's Lakers game",
  "find peer-reviewed papers on lithium-ion battery degradation",
  "book a flight from Boston to Denver next Tuesday",
  "quick weeknight recipe using chicken thighs",
  "how tall is Mount Rainier",
];
