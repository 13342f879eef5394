/**
 * TWENTYTHIRD set, written 2026-11-27 blind by a helper. Style: a small-business owner's everyday needs told
 * informally to an assistant agent, usually describing the problem rather than naming the service. Domains:
 * marketing and SEO, sales leads and prospecting, customer support, hiring and HR, payroll, bookkeeping and
 * invoices, sales tax and VAT, legal paperwork and trademarks, shipping and delivery, reviews and brand mentions,
 * social media, scheduling and bookings, site selection, and a few other domains among the unserved needs.
 */
export const TWENTYTHIRD_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "d-email-verify",
    "Verifyly",
    "Real-time email address validation: syntax, MX lookup, SMTP mailbox probe, disposable and role-account detection. Returns deliverable/risky/undeliverable per address, with a bulk CSV endpoint for list hygiene.",
    "identity.email",
  ],
  [
    "d-email-deliverability",
    "InboxPilot",
    "Domain sending-health diagnostics: checks SPF, DKIM and DMARC records, reverse DNS and 80+ IP/domain blocklists, then runs a seed-inbox placement test showing whether your mail lands in the inbox, promotions or spam at Gmail, Outlook and Yahoo.",
    "identity.email",
  ],
  [
    "d-company-lookup",
    "FirmoGraph",
    "Company enrichment from a website domain or business name: legal name, industry (NAICS/SIC), employee range, revenue band, HQ location, founding year, tech stack and social profiles. Flags parked and dead domains.",
    "data.company",
  ],
  [
    "d-contact-finder",
    "Pathfinder People",
    "Find the professional email address and direct-dial phone for a person from their name and company domain, or list decision-makers at a company by role (owner, CFO, head of purchasing).",
    "data.people",
  ],
  [
    "d-sms-send",
    "TextRelay",
    "Programmable SMS and MMS sending over US/Canada local and toll-free numbers. Scheduled sends, two-way replies via webhook, STOP opt-out handling and 10DLC registration included.",
    "communication.sms",
  ],
  [
    "d-phone-validate",
    "NumberSense",
    "Phone number intelligence: format validation, E.164 normalization, line type (mobile, landline, VoIP, prepaid), carrier name and whether the number is currently active, for 230 countries.",
    "communication.sms",
  ],
  [
    "d-address-validate",
    "AddressGuard",
    "USPS CASS-certified address verification and standardization with ZIP+4, plus international address parsing for 240 countries. Corrects typos, fills missing unit numbers and flags undeliverable or residential addresses.",
    "commerce.shipping",
  ],
  [
    "d-shipping-rates",
    "ParcelPort",
    "Compare live parcel rates from USPS, UPS, FedEx and DHL in one call, buy the cheapest label and get a printable PDF/ZPL label back. Discounted commercial pricing, no carrier accounts needed.",
    "commerce.shipping",
  ],
  [
    "d-package-tracking",
    "TrackWise",
    "Universal shipment tracking: pass any tracking number from 1,200+ carriers and get normalized status events, estimated delivery date and exception alerts (delayed, returned, failed delivery) via webhook.",
    "commerce.shipping",
  ],
  [
    "d-sales-tax",
    "TaxRatio",
    "US sales and use tax calculation at rooftop accuracy for 13,000+ jurisdictions. Pass a ship-to address, amount and product tax code; get the combined rate broken into state, county, city and special districts.",
    "data.finance",
  ],
  [
    "d-vat-validate",
    "VatCheck EU",
    "Validates EU VAT identification numbers against the VIES system and UK VAT numbers against HMRC, returning the registered company name and address plus a consultation reference for your records.",
    "data.government",
  ],
  [
    "d-receipt-ocr",
    "ScanLedger",
    "Receipt and invoice OCR: upload a photo or PDF and get vendor, date, totals, tax, currency and line items as JSON. Handles crumpled thermal receipts and multi-page supplier invoices.",
    "compute.image",
  ],
  [
    "d-invoice-generate",
    "Invoicely Engine",
    "Generate branded, numbered PDF invoices and quotes from JSON: line items, discounts, tax lines, payment terms and your logo. Returns a hosted view link and the PDF; supports 40 currencies.",
    "compute.other",
  ],
  [
    "d-currency-rates",
    "FXLedger",
    "Mid-market foreign exchange rates for 170 fiat currencies, updated every 60 seconds, with historical daily rates back to 1999 and a convert endpoint.",
    "data.finance",
  ],
  [
    "d-bank-categorize",
    "Categorize.io",
    "Bookkeeping enrichment for raw bank and card transactions: cleans messy descriptors into merchant names, assigns chart-of-accounts categories, and flags recurring subscriptions and likely personal spend.",
    "data.finance",
  ],
  [
    "d-review-aggregator",
    "ReviewHarbor",
    "Pull every public review of a business from Google, Yelp, Facebook, TripAdvisor and Trustpilot into one feed (star rating, text, reviewer, date, owner response) with new-review webhooks.",
    "web.scrape",
  ],
  [
    "d-feedback-sentiment",
    "ToneMap",
    "Text analytics for customer feedback: send survey answers, tickets or chat logs and get sentiment, emotion and auto-discovered topics with counts, so you see what people praise and complain about most.",
    "compute.inference",
  ],
  [
    "d-social-scheduler",
    "PostQueue",
    "Schedule and auto-publish posts with images or video to Instagram, Facebook, LinkedIn, TikTok, X and Google Business Profile from one API. Best-time-to-post suggestions and a shared content calendar.",
    "agent.tools",
  ],
  [
    "d-keyword-research",
    "SearchVolume Pro",
    "SEO keyword data: monthly Google search volume, cost-per-click, difficulty score and related questions for any keyword, filterable by country or city.",
    "web.search",
  ],
  [
    "d-serp-rank",
    "RankRadar",
    "Daily rank tracking of your domain on Google and Bing for the keywords you choose, geo-located down to ZIP code, including local map-pack positions and competitor rankings.",
    "web.search",
  ],
  [
    "d-site-audit",
    "CrawlDoctor",
    "Crawls your website like a search engine and reports broken links, missing titles and meta descriptions, slow pages with Core Web Vitals scores, mixed content and mobile usability issues.",
    "web.browser",
  ],
  [
    "d-uptime-monitor",
    "PingSentry",
    "Checks your website, checkout page or API every 30 seconds from 20 regions and alerts you by SMS, email or Slack the moment it goes down or an SSL certificate is about to expire. Public status pages included.",
    "compute.other",
  ],
  [
    "d-domain-check",
    "NameSpotter",
    "Check whether a business name is free as a .com/.net/.co domain and as a handle on Instagram, TikTok, X, Facebook and YouTube in one call, with suggested alternatives when taken. Lookup only; no registration.",
    "data.other",
  ],
  [
    "d-trademark-search",
    "MarkClear",
    "Search USPTO and EUIPO trademark registers for identical and confusingly similar marks, including phonetic matches, with owner, status, goods/services class and filing dates.",
    "data.government",
  ],
  [
    "d-business-registry",
    "EntityFile Lookup",
    "Secretary of State business entity search across all 50 US states: legal entity name, entity type, good-standing status, formation date, registered agent and officers, straight from state filings.",
    "data.government",
  ],
  [
    "d-contract-drafts",
    "ClauseKit",
    "Attorney-reviewed legal document templates filled via API: NDAs, independent contractor agreements, service agreements, privacy policies and terms of service, tailored by state and returned as DOCX or PDF.",
    "compute.other",
  ],
  [
    "d-esignature",
    "SignSwift",
    "Legally binding e-signatures: upload a PDF, place signature and date fields, email signers, and receive the completed document with an audit trail. ESIGN and eIDAS compliant.",
    "agent.tools",
  ],
  [
    "d-job-posting",
    "HireCast",
    "Post one job opening to Indeed, ZipRecruiter, LinkedIn, Glassdoor and 20+ free job boards with a single call, and collect all applicants into one inbox.",
    "agent.tools",
  ],
  [
    "d-resume-parse",
    "CVSort",
    "Resume parsing and candidate matching: extracts contact info, work history, skills, certifications and education from PDF/DOCX resumes and scores each against your job description.",
    "compute.inference",
  ],
  [
    "d-background-check",
    "ClearHire",
    "FCRA-compliant pre-employment screening: county and national criminal searches, sex offender registry, employment and education verification, and motor vehicle records, with a candidate consent flow built in.",
    "identity.kyc",
  ],
  [
    "d-payroll-tax",
    "PaycheckMath",
    "Gross-to-net paycheck calculation for every US state and locality: federal, state and local income tax withholding, Social Security, Medicare and employer-side FUTA/SUTA, for hourly or salaried workers. Calculation only.",
    "data.finance",
  ],
  [
    "d-shift-scheduling",
    "RosterBot",
    "Automatic employee shift scheduling: give staff availability, roles, labor budget and forecast busy hours, and get an optimized weekly rota that respects overtime and break rules.",
    "compute.other",
  ],
  [
    "d-appointment-booking",
    "BookSlot",
    "Embeddable online booking for service businesses: publish your services and staff calendars, let customers pick an open slot and pay a deposit, and sync bookings to Google or Outlook Calendar.",
    "agent.tools",
  ],
  [
    "d-translation",
    "LinguaBridge",
    "Neural machine translation for 110 languages with glossary support so brand and product names stay untranslated. Translates plain text, HTML and documents while keeping formatting.",
    "compute.inference",
  ],
  [
    "d-support-bot",
    "HelpHarbor AI",
    "AI customer-service agent trained on your FAQ, policies and order system. Answers shoppers 24/7 in your website chat widget, looks up order status, and hands off to a human when unsure.",
    "compute.inference",
  ],
  [
    "d-call-transcription",
    "VoiceScribe",
    "Speech-to-text for phone calls and voicemails: upload audio or point at a recording URL and get a timestamped transcript with speaker labels, plus a short summary.",
    "compute.audio",
  ],
  [
    "d-product-photo-bg",
    "CutoutStudio",
    "Background removal for product photography: returns a transparent PNG or a pure white background with a natural drop shadow, sized to Amazon, Etsy and Shopify requirements. Batch up to 500 images.",
    "compute.image",
  ],
  [
    "d-copywriting",
    "Wordsmith AI",
    "Marketing copy generator: product descriptions, ad headlines, email subject lines and social captions written in your brand voice from a few bullet points, with A/B variants.",
    "compute.inference",
  ],
  [
    "d-competitor-prices",
    "PriceWatcher",
    "Monitors competitor product pages and marketplaces (Amazon, Walmart, eBay, Shopify stores) for price, stock and promotion changes, and alerts you when a rival undercuts you.",
    "commerce.products",
  ],
  [
    "d-barcode-lookup",
    "UPCBase",
    "Product data lookup by UPC, EAN or ISBN: title, brand, category, description, dimensions, weight and images for over 500 million products.",
    "commerce.products",
  ],
  [
    "d-fraud-score",
    "OrderShield",
    "E-commerce order fraud screening: scores each order 0-100 using IP geolocation, proxy detection, email age, billing/shipping mismatch, device fingerprint and velocity rules, with reason codes.",
    "identity.kyc",
  ],
  [
    "d-local-leads",
    "MapProspector",
    "Extracts local business listings from map data by category and area (for example 'dentists in Tampa') with name, address, phone, website, hours and rating, exportable as CSV.",
    "data.maps",
  ],
  [
    "d-foot-traffic",
    "FootfallIQ",
    "Anonymized visitor counts for any street address or point of interest from mobile location data: daily and hourly foot traffic, dwell time, and where visitors come from.",
    "data.maps",
  ],
  [
    "d-demographics",
    "CensusLens",
    "US Census and ACS demographics by ZIP, tract or radius: population, age, median household income, education, household size and commuting patterns.",
    "data.government",
  ],
  [
    "d-weather",
    "SkyCast Local",
    "Hyperlocal hourly forecasts out to 14 days (rain probability, wind, temperature) and severe-weather alerts for any address or lat/long.",
    "data.weather",
  ],
  [
    "d-holidays",
    "DayOff Calendar",
    "Public and bank holidays for 200+ countries and their regions, including observed dates, school holidays and half-day closures, for any year.",
    "data.other",
  ],
  [
    "d-news-monitor",
    "MentionWire",
    "Monitors 150,000 news sites, blogs and podcasts for your brand, product or competitor names and sends alerts with the article, snippet and sentiment.",
    "data.news",
  ],
  [
    "d-pdf-tools",
    "PDFForge",
    "PDF utility API: merge, split, compress, rotate, convert Word/Excel/images to PDF and back, add passwords or watermarks, and fill form fields.",
    "storage.files",
  ],
  [
    "d-qr-code",
    "QRCraft",
    "Generate branded QR codes with your logo and colors as SVG/PNG. Dynamic codes can be re-pointed to a new URL later and report scan counts by day and location.",
    "compute.other",
  ],
  [
    "d-business-credit",
    "TradeScore",
    "Business credit reports and payment-risk scores: days-beyond-terms, liens, judgments, bankruptcies and a recommended credit limit for extending trade terms to a customer or supplier.",
    "data.company",
  ],
  [
    "d-route-optimize",
    "RouteRunner",
    "Multi-stop route optimization for delivery drivers: give up to 200 addresses, time windows and vehicle count, and get the fastest stop order with turn-by-turn ETAs.",
    "data.maps",
  ],
  [
    "d-voice-greeting",
    "StudioVoice",
    "Studio-quality text-to-speech with 300 natural voices in 40 languages. Export MP3/WAV for phone greetings, on-hold messages, videos and ads; adjust pace and emphasis with SSML.",
    "compute.audio",
  ],

  [
    "d-email-verify-alt",
    "BounceBarrier",
    "Clean your mailing list before you hit send. Upload up to 1M contacts and we flag invalid, catch-all, temporary and spam-trap addresses so your bounce rate stays low.",
    "identity.email",
  ],
  [
    "d-company-lookup-alt",
    "Leadsift",
    "Send us a list of company domains and get back firmographic profiles (headcount, estimated annual revenue, sector, location, LinkedIn URL) with a confidence score, so you can tell real operating businesses from shells and typos.",
    "data.company",
  ],
  [
    "d-shipping-rates-alt",
    "LabelLoop",
    "Multi-carrier shipping label API for small online shops: quote parcel postage across carriers, pick a service level and print labels at home. Commercial discounts on USPS and UPS built in.",
    "commerce.shipping",
  ],
  [
    "d-sales-tax-alt",
    "LevyLine",
    "Know exactly how much tax to charge on each order. Returns the correct combined sales tax for any US address, handles product taxability (clothing, food, SaaS) and tells you where you've crossed economic nexus thresholds.",
    "data.finance",
  ],
  [
    "d-receipt-ocr-alt",
    "PaperTrail AI",
    "Turn expense paperwork into structured data. Our document AI reads bills, receipts and purchase orders in 30 languages and extracts merchant, amounts, VAT and itemized rows ready for your books.",
    "compute.inference",
  ],
  [
    "d-esignature-alt",
    "InkDrop",
    "Send any contract out for signing in seconds. Signers sign from their phone with no account needed; you get webhooks as each party signs and a tamper-evident certificate of completion.",
    "agent.tools",
  ],
  [
    "d-product-photo-bg-alt",
    "ClearBackdrop",
    "One-click image cutouts. Our model isolates the subject of any photo (products, people, food) and replaces the background with transparency or a color of your choice.",
    "compute.image",
  ],
  [
    "d-call-transcription-alt",
    "EchoNotes",
    "Accurate transcription of recorded audio (meetings, calls, voice memos) in 50 languages. Returns punctuated text with speaker diarization and word-level timestamps.",
    "compute.audio",
  ],
];

/** near-duplicate competitor key -> the listing it competes with (either one answers the need right) */
export const TWENTYTHIRD_DUPLICATES: Record<string, string> = {
  "d-email-verify-alt": "d-email-verify",
  "d-company-lookup-alt": "d-company-lookup",
  "d-shipping-rates-alt": "d-shipping-rates",
  "d-sales-tax-alt": "d-sales-tax",
  "d-receipt-ocr-alt": "d-receipt-ocr",
  "d-esignature-alt": "d-esignature",
  "d-product-photo-bg-alt": "d-product-photo-bg",
  "d-call-transcription-alt": "d-call-transcription",
};

/** [need text, key of the listing that serves it] — each served need names one of the 52 services (not a competitor key) */
export const TWENTYTHIRD_NEEDS: [need: string, key: string][] = [
  [
    "Before I send our spring promo, can you weed out the dead and fake addresses in this 3,000-person customer email list? Last time a ton of it bounced.",
    "d-email-verify",
  ],
  [
    "Customers keep saying they never got the order confirmation email from us. Can you figure out if our emails are going to spam and why?",
    "d-email-deliverability",
  ],
  [
    "Gmail started putting everything from our shop's domain in junk. Is something wrong with our domain setup, or are we on some blacklist?",
    "d-email-deliverability",
  ],
  [
    "I've got 400 leads from a trade show sign-up sheet, mostly just a website address. Which ones are real, operating companies and roughly how big are they?",
    "d-company-lookup",
  ],
  [
    "For each of these wholesale inquiries, tell me what industry they're in and how many employees they have so I know who to call first.",
    "d-company-lookup",
  ],
  [
    "I want to pitch our catering to three hotels downtown. Can you find the email of whoever handles purchasing or events at each one?",
    "d-contact-finder",
  ],
  ["Text my customers automatically when their dry cleaning is ready for pickup.", "d-sms-send"],
  [
    "Can you shoot a quick text to everyone on my VIP list who opted in, saying we're doing a flash sale tomorrow?",
    "d-sms-send",
  ],
  [
    "Half the phone numbers people type into our quote form look made up. Can you tell which are real cell numbers before my sales guy wastes time calling?",
    "d-phone-validate",
  ],
  [
    "We keep getting returns marked 'undeliverable' because people fat-finger their street or forget the apartment number. Can you check and fix addresses when customers check out?",
    "d-address-validate",
  ],
  [
    "I'm mailing a 4 lb box of candles from Ohio to Arizona. Which carrier is cheapest, and can you get me a label I can print?",
    "d-shipping-rates",
  ],
  [
    "I ship about 30 orders a week and I'm still standing in line at the post office. I want to print postage at home and pay less for it.",
    "d-shipping-rates",
  ],
  [
    "A customer says her order never showed up. Here's the tracking number. Where is the package right now, and was it marked delivered?",
    "d-package-tracking",
  ],
  [
    "I just started selling online to people in other states. How much sales tax am I supposed to add for an order going to Denver?",
    "d-sales-tax",
  ],
  [
    "Our checkout charges a flat 7% tax on everything and my accountant says that's wrong. I need the right tax amount for each customer's address.",
    "d-sales-tax",
  ],
  [
    "A business customer in Germany says they don't have to pay VAT and gave me their VAT number. How do I confirm it's legit?",
    "d-vat-validate",
  ],
  [
    "I have a shoebox full of crumpled gas and supply receipts from this year. I need them typed up into a spreadsheet for my accountant.",
    "d-receipt-ocr",
  ],
  [
    "Our suppliers email PDF bills in all different layouts. I want the totals and line items pulled out automatically instead of retyping them.",
    "d-receipt-ocr",
  ],
  [
    "I do freelance landscaping and I'm still writing invoices by hand. Can you make a proper-looking invoice with my logo for the Hendersons' job?",
    "d-invoice-generate",
  ],
  [
    "A client in Canada is paying me 2,400 Canadian dollars. What's that in US dollars today, and what was it worth the day I sent the bill?",
    "d-currency-rates",
  ],
  [
    "My bank export is full of gibberish like 'SQ *BLUEBTL 8837 CA'. Can you tell me what each charge actually is and sort them into expense categories?",
    "d-bank-categorize",
  ],
  [
    "I want to see everything people have said about my bakery on Google, Yelp and Facebook in one place instead of checking three apps.",
    "d-review-aggregator",
  ],
  [
    "Ping me whenever someone leaves a new star rating for my salon on Google or Yelp so I can respond fast.",
    "d-review-aggregator",
  ],
  [
    "We got 300 written comments back from our customer survey. What are people complaining about most?",
    "d-feedback-sentiment",
  ],
  [
    "I don't have time to post every day. Can I load up a month of Instagram and Facebook posts and have them go out on their own?",
    "d-social-scheduler",
  ],
  [
    "What do people actually type into Google when they're looking for dog grooming? I want to know which phrases get the most searches around here.",
    "d-keyword-research",
  ],
  [
    "Are we still on the first page of Google for 'emergency plumber Austin'? It feels like calls dropped off this month.",
    "d-serp-rank",
  ],
  [
    "Someone told me my website has a bunch of broken links and loads super slow on phones. Can you go through the whole site and tell me what to fix?",
    "d-site-audit",
  ],
  [
    "Last weekend my online store was down for six hours and I only found out Monday. I want a text the minute it goes offline.",
    "d-uptime-monitor",
  ],
  [
    "I'm thinking of calling my new shop 'Fern & Fig'. Is the .com still free, and can I get that name on Instagram and TikTok?",
    "d-domain-check",
  ],
  [
    "Before I spend money on signs and packaging, is anybody else already using 'Blue Fern Botanicals' as a registered brand name?",
    "d-trademark-search",
  ],
  [
    "The contractor I'm about to hire says his company is an LLC in Georgia. Can you check it's actually registered and in good standing?",
    "d-business-registry",
  ],
  [
    "I'm bringing on a freelance designer and want a simple agreement that says I own whatever she makes for me. Can you put one together?",
    "d-contract-drafts",
  ],
  [
    "Our website doesn't have a privacy policy or terms page and Shopify keeps nagging me about it. I need something proper for a California business.",
    "d-contract-drafts",
  ],
  [
    "I emailed the new hire her offer letter but she doesn't have a printer. How can she sign it on her phone and get it back to me?",
    "d-esignature",
  ],
  [
    "I need two weekend baristas. Can you put the opening up on Indeed and the other job sites all at once?",
    "d-job-posting",
  ],
  [
    "I got 120 applications as PDFs for a warehouse job. Pull out the people who have a forklift certification and at least two years' experience.",
    "d-resume-parse",
  ],
  [
    "Before I hand the new delivery driver the van keys I want to check his criminal record and driving history. He's already said that's fine.",
    "d-background-check",
  ],
  [
    "My part-timer in Ohio worked 26 hours at $15 this week. How much do I need to hold back for taxes and what does she actually take home?",
    "d-payroll-tax",
  ],
  [
    "I have 9 staff with all different availability and I spend every Sunday night making next week's schedule. Can that be done automatically without anyone going into overtime?",
    "d-shift-scheduling",
  ],
  [
    "People keep calling in the middle of haircuts to ask for appointments. I want them to pick a time online and put down a deposit.",
    "d-appointment-booking",
  ],
  [
    "Half my Etsy buyers are in France and Germany. Can you turn my 80 listing descriptions into French and German without mangling the shop name?",
    "d-translation",
  ],
  [
    "We keep getting the same 'where's my order' and 'what's your return policy' messages at 2am. I want something on the site that answers them on its own.",
    "d-support-bot",
  ],
  [
    "I have 40 voicemails from the weekend. Can you turn them into text so I can skim them instead of listening to every one?",
    "d-call-transcription",
  ],
  [
    "My product photos are shot on my kitchen table. Amazon wants a plain white background. Can you fix all 60 of them?",
    "d-product-photo-bg",
  ],
  [
    "I'm terrible at writing. Can you come up with catchy descriptions for our new line of hot sauces for the online store?",
    "d-copywriting",
  ],
  [
    "The big-box store keeps undercutting me on the same espresso machines. Let me know whenever they drop their price online.",
    "d-competitor-prices",
  ],
  [
    "I buy liquidation pallets and resell on eBay. If I scan the barcode, can you get the product name, specs and a photo so I don't have to type it all?",
    "d-barcode-lookup",
  ],
  [
    "We got a $1,900 order shipping to Florida, but the card's billing address is in Oregon and the email was created yesterday. Is this a scam?",
    "d-fraud-score",
  ],
  [
    "I run a commercial cleaning service. Get me a list of every dental office in Tampa with their phone numbers so I can start calling.",
    "d-local-leads",
  ],
  [
    "I'm choosing between two storefronts for a coffee shop. How many people actually walk past each one on weekday mornings?",
    "d-foot-traffic",
  ],
  [
    "What's the median household income and typical age of people living in ZIP 30306? Trying to figure out if a boutique would do well there.",
    "d-demographics",
  ],
  [
    "Is it going to rain Saturday morning in Asheville? I need to decide whether to bring the tent to the farmers market.",
    "d-weather",
  ],
  [
    "Which days are bank holidays in the UK and Ireland next year? I don't want to promise deliveries on those days.",
    "d-holidays",
  ],
  ["Let me know if any newspaper or local blog writes about my restaurant, good or bad.", "d-news-monitor"],
  [
    "The state licensing portal only takes files under 2 MB and my scanned application is 18 MB. I also need to combine it with three other forms into one PDF.",
    "d-pdf-tools",
  ],
  [
    "I want a code on my table tents that opens our menu, and I'd like to change where it points later without reprinting everything.",
    "d-qr-code",
  ],
  [
    "A new restaurant wants to buy wholesale from us on 30-day terms. Do they have a history of paying their bills late?",
    "d-business-credit",
  ],
  [
    "I've got 14 flower deliveries tomorrow all over town. What order should I drive them in so I'm not zigzagging all day?",
    "d-route-optimize",
  ],
  [
    "I need a professional-sounding voicemail greeting and on-hold message for the shop phone, but I hate the sound of my own voice.",
    "d-voice-greeting",
  ],
];

/** needs that NO listing in this file serves */
export const TWENTYTHIRD_UNSERVED: string[] = [
  "Go ahead and register fernandfig.com for me and pay for two years.",
  "File our LLC's annual report with the Georgia Secretary of State before the deadline.",
  "File and pay my quarterly Texas sales tax return for me.",
  "Actually run payroll this Friday and direct-deposit everyone's wages into their bank accounts.",
  "Send our monthly newsletter with photos to our 2,000 subscribers and show me who opened it.",
  "Get me a quote to move two pallets of flooring from Dallas to Memphis on a freight truck.",
  "Register the 'Blue Fern Botanicals' trademark with the USPTO on my behalf.",
  "Run a $200 Facebook ad campaign targeting moms within 10 miles of my shop.",
  "Get me quotes for general liability insurance for my food truck.",
  "I need a $25k loan for a new pizza oven. Who would approve a business like mine and at what rate?",
  "Print and mail 500 postcards to customers who haven't been in for six months.",
  "Charge a customer's credit card over the phone for a $340 deposit.",
  "Check a renter's driver's license photo against a selfie so I know they are who they say they are before I hand over the equipment.",
  "Order 1,000 business cards with our new logo on thick paper.",
  "What's Shopify's stock trading at right now?",
  "What was the final score of last night's Celtics game?",
  "Book me a flight and a hotel for the trade show in Las Vegas next month.",
  "Call every customer on this list and play them a recorded message about our holiday hours.",
  "Apply for an EIN from the IRS for my new bakery.",
  "Find and hire a freelance bookkeeper who can catch up on six months of my books.",
];
