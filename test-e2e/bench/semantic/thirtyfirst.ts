/** thirty-first set, written 2026-11-27 blind by a helper. Style: the directory a small-business owner, freelancer or shopkeeper's AI assistant would search — bookkeeping and invoices, tax and VAT, payroll and hiring, marketing (social posts, ad copy, local SEO, reviews), customer messaging (SMS, email, WhatsApp), e-commerce (barcodes, labels, tracking, stock, customs), legal paperwork (contracts, e-signature, registry and trademark lookups), local business data (places, hours, footfall, delivery routes), translation, OCR, product-photo imaging, payments and fraud, plus weather, exchange rates and public holidays. Needs are phrased the way busy owners (or their assistant relaying them) actually ask: plain and practical, often describing the situation instead of naming the service, a few terse, a few with typos or shop jargon (WISMO, bank hols, mob number, WA). Unserved needs sit close to listed topics (courier pickups, filing returns, incorporation, chargebacks) or well outside the set. */
export const THIRTYFIRST_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "l-invoice-ocr",
    "InvoiceLens Extract",
    "Upload a photo or PDF of a supplier bill or till receipt and get back JSON with vendor, date, line items, net, tax and total amounts. Handles 30+ languages and crumpled thermal-paper scans.",
    "compute.image",
  ],
  [
    "l-invoice-ocr-alt",
    "ReceiptParse API",
    "Turns scanned purchase receipts and vendor invoices into structured accounting data: supplier name, invoice number, due date, VAT breakdown and itemised lines, ready to push into your books.",
    "compute.image",
  ],
  [
    "l-invoice-create",
    "BillForge",
    "Create numbered, branded PDF invoices and credit notes from a JSON payload of client, items and tax settings; returns a hosted link and the PDF, and tracks paid or unpaid status.",
    "agent.tools",
  ],
  [
    "l-bank-categorize",
    "LedgerTagger",
    "Send raw bank statement lines such as 'CRD 4411 AMZN MKTP' and receive a cleaned merchant name, logo and a bookkeeping category (rent, fuel, software, stock) with a confidence score.",
    "data.finance",
  ],
  [
    "l-vat-validate",
    "VIES Check API",
    "Validate an EU VAT identification number against the official VIES service and return whether it is active plus the registered trader name and address, with a consultation reference for audit.",
    "data.government",
  ],
  [
    "l-vat-validate-alt",
    "TaxID Verify",
    "Confirms whether a European or UK VAT registration number is genuine and currently valid, returning the company name and address on record and a timestamped proof for reverse-charge invoices.",
    "data.government",
  ],
  [
    "l-sales-tax-rate",
    "US SalesTax Rates",
    "Returns the combined state, county, city and special-district sales tax rate for any US street address or ZIP+4, with product taxability rules for clothing, food and digital goods.",
    "data.government",
  ],
  [
    "l-vat-rates",
    "Global VAT Rates",
    "Standard, reduced and zero VAT/GST rates for 150+ countries, queryable by country and product type (books, food, e-services), with effective dates of upcoming rate changes.",
    "data.government",
  ],
  [
    "l-payroll-calc",
    "PayCalc Gross-to-Net",
    "Computes employee take-home pay from gross salary or hourly wages, including income tax withholding, social security, pension and employer contributions for the US, UK, Germany and France.",
    "data.finance",
  ],
  [
    "l-job-post",
    "HireBroadcast",
    "Publish a single job advert to Indeed, LinkedIn, Glassdoor and 40 local job boards in one call, and collect applicant CVs back through a webhook.",
    "agent.tools",
  ],
  [
    "l-background-check",
    "ScreenRight",
    "Pre-employment screening: criminal record checks, employment and education history verification and right-to-work status for candidates in the US, UK and Canada, with a candidate consent flow.",
    "identity.kyc",
  ],
  [
    "l-social-post",
    "PostPilot Scheduler",
    "Queue and publish posts with images or video to Instagram, Facebook, LinkedIn, TikTok and Google Business Profile at chosen times; returns post IDs and engagement counts afterwards.",
    "agent.tools",
  ],
  [
    "l-ad-copy",
    "AdWriter AI",
    "Generates search and social ad headlines, descriptions and calls to action within each platform's character limits from a product URL or short brief, in several tone variants for A/B testing.",
    "compute.inference",
  ],
  [
    "l-seo-rank",
    "RankWatch Local",
    "Reports where a website ranks in Google for given keywords from a specific city or postcode, including map-pack position, daily history and which competitors outrank you.",
    "web.search",
  ],
  [
    "l-review-monitor",
    "ReviewRadar",
    "Pulls new customer reviews and star ratings for your business from Google, Yelp, Tripadvisor, Trustpilot and Facebook into one feed, with sentiment tags and alerts for low scores.",
    "web.scrape",
  ],
  [
    "l-review-reply",
    "ReplyCraft",
    "Drafts polite, on-brand responses to customer reviews, apologising for complaints and thanking happy customers, given the review text, star rating and your business name.",
    "compute.inference",
  ],
  [
    "l-sms-send",
    "TextBlast SMS",
    "Send single or bulk SMS messages to 200+ countries with a custom sender ID, delivery receipts and opt-out handling; two-way replies are delivered to your webhook.",
    "communication.sms",
  ],
  [
    "l-sms-send-alt",
    "QuickText Gateway",
    "Programmable text messaging: push reminders, order updates or promotions to mobile phones worldwide and receive delivery status and inbound replies through one REST endpoint.",
    "communication.sms",
  ],
  [
    "l-whatsapp",
    "WA Business Connect",
    "Send and receive WhatsApp messages from your business number using approved templates, media attachments and interactive buttons; includes template approval submission.",
    "communication.sms",
  ],
  [
    "l-email-send",
    "MailRelay Transactional",
    "Reliable transactional and newsletter email sending via REST or SMTP, with templates, open and click tracking, bounce handling and dedicated IP options for good inbox placement.",
    "communication.sms",
  ],
  [
    "l-email-verify",
    "Bouncer Check",
    "Checks whether an email address actually exists before you send: syntax, domain MX, mailbox ping, disposable and role-address detection, returning deliverable, risky or invalid.",
    "identity.email",
  ],
  [
    "l-phone-lookup",
    "NumberIntel",
    "Validate a phone number and return its international format, country, carrier and line type (mobile, landline, VoIP), plus whether it has recently been ported.",
    "identity.kyc",
  ],
  [
    "l-product-barcode",
    "GTIN Lookup",
    "Look up products by EAN, UPC or ISBN barcode and get the title, brand, images, dimensions, weight and category from a catalogue of 500 million items.",
    "commerce.products",
  ],
  [
    "l-competitor-price",
    "PriceSpy Monitor",
    "Tracks competitor prices and stock availability for your products across Amazon, eBay and chosen web shops, alerting when a rival drops below your price.",
    "commerce.products",
  ],
  [
    "l-shipping-label",
    "LabelHub Multi-Carrier",
    "Compare live postage rates across UPS, FedEx, DHL, USPS, Royal Mail and more, then purchase and download a printable shipping label in PDF or ZPL for the chosen service.",
    "commerce.shipping",
  ],
  [
    "l-parcel-track",
    "TrackAll",
    "Returns the latest status and full scan history for a parcel from its tracking number, auto-detecting among 1,200 carriers worldwide, with webhook updates on delivery exceptions.",
    "commerce.shipping",
  ],
  [
    "l-parcel-track-alt",
    "ParcelPing",
    "Universal shipment status lookup: give it a consignment number from any courier or postal service and receive location events, estimated delivery date and proof-of-delivery details.",
    "commerce.shipping",
  ],
  [
    "l-address-validate",
    "AddressClean",
    "Verifies and standardises postal addresses for 240 countries, correcting typos, filling missing postcodes and flagging undeliverable or incomplete addresses before you ship.",
    "data.maps",
  ],
  [
    "l-customs-hs",
    "DutyCalc",
    "Classifies a product description into its HS tariff code and estimates import duty, VAT and total landed cost for a shipment between any two countries.",
    "commerce.shipping",
  ],
  [
    "l-inventory-sync",
    "StockSync",
    "Keeps inventory counts in sync across Shopify, WooCommerce, Etsy, eBay and Amazon so a sale on one channel decrements stock everywhere; low-stock alerts included.",
    "commerce.products",
  ],
  [
    "l-contract-gen",
    "DocDraft Legal",
    "Generates ready-to-sign legal documents such as NDAs, freelance service agreements, tenancy agreements and terms of sale from a short questionnaire, jurisdiction-aware for the UK, US and EU.",
    "agent.tools",
  ],
  [
    "l-esign",
    "SignFlow",
    "Send PDFs for legally binding electronic signature, set signing order and fields, and receive a webhook plus the completed document with audit trail once everyone has signed.",
    "agent.tools",
  ],
  [
    "l-esign-alt",
    "InkLess eSignature",
    "Collect signatures online: upload an agreement, place signature and date boxes, email it to the signers and download the executed copy with a tamper-evident certificate.",
    "agent.tools",
  ],
  [
    "l-company-registry",
    "RegistryLookup",
    "Search official company registers in 120 jurisdictions by name or number and get legal status, incorporation date, registered address, directors and filing history.",
    "data.company",
  ],
  [
    "l-company-registry-alt",
    "CorpCheck Global",
    "Retrieve the official record of any limited company: whether it is active or dissolved, registration number, registered office, officers and recent filings, from national business registries.",
    "data.company",
  ],
  [
    "l-contract-review",
    "ClauseGuard",
    "Analyses an uploaded contract and highlights risky or unusual clauses, such as auto-renewal, unlimited liability or early termination penalties, with plain-English summaries.",
    "compute.inference",
  ],
  [
    "l-trademark-search",
    "MarkSearch",
    "Searches registered and pending trademarks at USPTO, EUIPO, UKIPO and WIPO for identical and similar-sounding names, returning classes, owners and status.",
    "data.government",
  ],
  [
    "l-places",
    "LocalPlaces API",
    "Find businesses near a location by type or name and return address, phone, website, rating and structured opening hours including holiday exceptions.",
    "data.maps",
  ],
  [
    "l-footfall",
    "FootCount Insights",
    "Estimated visitor counts by hour and weekday for streets, shopping centres and individual venues, based on anonymised mobile location data, with year-on-year trends.",
    "data.maps",
  ],
  [
    "l-route-optimize",
    "RouteSmart",
    "Optimises the stop order for one or more delivery vehicles given addresses, time windows and van capacity, returning turn-by-turn routes and ETAs for each driver.",
    "data.maps",
  ],
  [
    "l-translate",
    "LinguaPro Translate",
    "Machine translation between 100+ languages for plain text and HTML, with glossary support so brand names and product terms are kept consistent.",
    "compute.inference",
  ],
  [
    "l-translate-alt",
    "PolyText",
    "Convert product listings, emails and web copy from one language into another while preserving formatting and custom terminology; supports 90 language pairs.",
    "compute.inference",
  ],
  [
    "l-doc-ocr",
    "ScanText OCR",
    "Converts scanned pages, photos of documents and handwriting into searchable PDF or plain text with layout, tables and reading order preserved.",
    "compute.image",
  ],
  [
    "l-bg-remove",
    "CutOut Studio",
    "Removes the background from product photos in seconds, returning a transparent PNG or a clean white backdrop suitable for Amazon and other marketplace listings.",
    "compute.image",
  ],
  [
    "l-bg-remove-alt",
    "ClearBG",
    "Automatic subject isolation for images: upload a picture of an item or person and get it back with the backdrop erased, edges refined and an optional drop shadow.",
    "compute.image",
  ],
  [
    "l-product-scene",
    "SceneShot AI",
    "Places your product photo into generated lifestyle scenes, such as a kitchen counter, beach or studio set, producing new marketing images from a text prompt.",
    "compute.image",
  ],
  [
    "l-payment-link",
    "PayLinkly",
    "Create a shareable checkout link for a fixed amount, accept cards, Apple Pay and Google Pay, and receive a webhook when the customer has paid.",
    "data.finance",
  ],
  [
    "l-fraud-score",
    "OrderShield",
    "Scores an online order for fraud risk using IP, device, email, billing/shipping mismatch and velocity signals, returning approve, review or decline with reasons.",
    "identity.kyc",
  ],
  [
    "l-id-verify",
    "IDProof",
    "Verifies a government ID document from a photo, checks it against a live selfie for face match and liveness, and returns the extracted name and date of birth.",
    "identity.kyc",
  ],
  [
    "l-weather",
    "SkyCast",
    "Hourly and 14-day weather forecasts for any coordinates or city: temperature, rain probability, wind and UV index, plus severe weather alerts.",
    "data.weather",
  ],
  [
    "l-fx-rates",
    "RateBoard FX",
    "Live and historical exchange rates for 170 fiat currencies, with daily closing rates back to 1999 and a conversion endpoint for any amount.",
    "data.finance",
  ],
  [
    "l-holidays",
    "HolidayCal",
    "Public and bank holidays for 200 countries and their regions by year, including observed dates, regional holidays and school holiday periods where available.",
    "data.government",
  ],
  [
    "l-iban-validate",
    "IBAN Checker",
    "Validates an IBAN's structure and checksum and returns the bank name, BIC/SWIFT code, branch and whether the bank supports SEPA Instant transfers.",
    "data.finance",
  ],
  [
    "l-business-credit",
    "CreditScope B2B",
    "Credit scores, payment behaviour, county court judgments and a recommended credit limit for businesses, to judge whether a trade customer is safe to invoice on terms.",
    "data.company",
  ],
  [
    "l-transcribe",
    "VoiceScribe",
    "Speech-to-text for audio recordings and voicemail in 50 languages, with speaker labels, timestamps and punctuation; accepts MP3, WAV and phone-call audio.",
    "compute.audio",
  ],
  [
    "l-tts",
    "VoxVoice",
    "Turns text into natural-sounding speech audio in 40 languages and 300 voices, ideal for phone menu greetings, on-hold messages and video voiceovers.",
    "compute.audio",
  ],
  [
    "l-qr-code",
    "QRMint",
    "Generates QR codes as PNG or SVG for URLs, Wi-Fi logins, vCards and text, with custom colours, a logo in the centre and optional scan counting.",
    "compute.other",
  ],
  [
    "l-booking",
    "SlotBook",
    "Appointment booking backend: define services, staff and working hours, fetch free slots, create bookings and send automatic confirmations and reminders.",
    "agent.tools",
  ],
  [
    "l-domain-check",
    "DomainScout",
    "Checks whether a domain name is available to register across 500 extensions and suggests alternatives, with registration prices from several registrars.",
    "web.search",
  ],
  [
    "l-news-mentions",
    "PressAlert",
    "Monitors online news and blogs for mentions of your brand, product or competitors, returning headline, source, date and snippet, with daily digests.",
    "data.news",
  ],
];

export const THIRTYFIRST_DUPLICATES: Record<string, string> = {
  "l-invoice-ocr-alt": "l-invoice-ocr",
  "l-vat-validate-alt": "l-vat-validate",
  "l-sms-send-alt": "l-sms-send",
  "l-parcel-track-alt": "l-parcel-track",
  "l-esign-alt": "l-esign",
  "l-company-registry-alt": "l-company-registry",
  "l-translate-alt": "l-translate",
  "l-bg-remove-alt": "l-bg-remove",
};

export const THIRTYFIRST_NEEDS: [need: string, key: string][] = [
  [
    "I've got a shoebox of faded paper slips from the hardware store. From phone pics, can you pull out the shop name, the date and what I paid so I don't have to key them in by hand?",
    "l-invoice-ocr",
  ],
  [
    "supplier sent their bill as a pdf, get each product row and the tax amount out of it into my spreadsheet",
    "l-invoice-ocr",
  ],
  [
    "Finished the kitchen fitting for Mrs Patel, need to bill her £2,400 plus VAT with my logo and a proper reference number so it looks official.",
    "l-invoice-create",
  ],
  [
    "My business account statement is full of cryptic stuff like 'POS 2231 SQ *BEANCO LDN'. Work out which are coffee supplies, which are diesel and which are software subs so my accountant stops moaning.",
    "l-bank-categorize",
  ],
  [
    "A French wholesale buyer wants me to zero-rate her order. How do I confirm her intra-community tax number is real before I drop the VAT?",
    "l-vat-validate",
  ],
  ["is DE811907980 a valid vat no?", "l-vat-validate"],
  [
    "Selling direct from my own site to someone in Austin, Texas, zip 78701 — what percentage do I add on at checkout?",
    "l-sales-tax-rate",
  ],
  [
    "what's the lower rate on childrens books in Ireland vs Portugal? starting to sell there next month",
    "l-vat-rates",
  ],
  [
    "Taking on my first part-timer at £12.50 an hour, 20 hours a week. What actually lands in her bank after deductions, and what does she cost me on top?",
    "l-payroll-calc",
  ],
  [
    "Need a Saturday shop assistant. I want the ad out on all the usual jobs websites without filling in ten different forms.",
    "l-job-post",
  ],
  [
    "About to hire someone who'll be handling the cash. Want to make sure she has no convictions and that her last job really was where she says.",
    "l-background-check",
  ],
  [
    "I write my Insta and FB posts on Sunday night, want them to go out on their own through the week at lunchtime",
    "l-social-post",
  ],
  [
    "need a few punchy lines for a google ad for my mobile dog grooming van, short enough to fit their boxes",
    "l-ad-copy",
  ],
  [
    "When someone in Leeds types 'emergency locksmith', am I on the first page or not? And who's above me?",
    "l-seo-rank",
  ],
  [
    "I never notice when someone slags off the café online until days later. I want to hear about bad ratings as soon as they land, wherever they're posted.",
    "l-review-monitor",
  ],
  [
    "Someone gave us one star because the delivery was late and I'm too annoyed to write back nicely. Can you word a response for me?",
    "l-review-reply",
  ],
  ["text all 300 regulars that it's 2-for-1 pizzas tonight", "l-sms-send"],
  ["send a txt to this mob number saying his car's ready for collection", "l-sms-send"],
  [
    "My customers in Brazil ignore emails and texts, they only answer on WA. I want to send their order confirmations there from the shop's number.",
    "l-whatsapp",
  ],
  [
    "Our order confirmation emails keep landing in people's spam folders. Need a proper service to send receipts and the monthly offers mailshot from our domain.",
    "l-email-send",
  ],
  [
    "Half the addresses on my sign-up sheet look made up (asdf@asdf.com etc). Weed out the dead ones before I send anything.",
    "l-email-verify",
  ],
  [
    "is 07700 900123 a real mobile or a landline? customer left it on an order form and it looks off",
    "l-phone-lookup",
  ],
  [
    "I'm scanning the codes on a pallet of returns stock and want the name, brand and pictures for each one so I can list them.",
    "l-product-barcode",
  ],
  [
    "another seller on ebay keeps undercutting my trainers by a quid, let me know whenever they change theirs",
    "l-competitor-price",
  ],
  [
    "What's cheapest to send a 4kg box to Germany — DPD, Parcelforce or DHL? Then print me the sticker for it.",
    "l-shipping-label",
  ],
  [
    "Customer in Lyon says her order never turned up. Here's the ref LX204518377FR — where's it got to?",
    "l-parcel-track",
  ],
  [
    "WISMO emails are piling up. I need to answer 'where is my order' automatically from the courier's latest scan.",
    "l-parcel-track",
  ],
  [
    "Customers keep typing their street wrong and parcels come back to us. Check the address is real and complete before the order goes through.",
    "l-address-validate",
  ],
  [
    "Sending handmade leather wallets to a shop in Canada — what commodity code do they fall under and how much will the buyer get stung at import?",
    "l-customs-hs",
  ],
  [
    "Sold the last blue vase on one site and someone bought it again on my other site an hour later. How do I stop overselling?",
    "l-inventory-sync",
  ],
  [
    "Taking on a new client for logo work. Need a simple written agreement covering when I get paid and who owns the artwork afterwards.",
    "l-contract-gen",
  ],
  [
    "My client's abroad and can't print anything. How do I get her to put her name to the quote PDF online so it actually counts legally?",
    "l-esign",
  ],
  [
    "need both business partners to sign off the shareholder agreement remotely, one after the other",
    "l-esign",
  ],
  [
    "Is 'Brightside Interiors Ltd' still trading or has it been struck off? They owe me money.",
    "l-company-registry",
  ],
  [
    "who are the directors of the firm that just placed a big order with us, want to check they're legit",
    "l-company-registry",
  ],
  [
    "Landlord sent a 20-page lease for the shop unit. What's buried in there that could bite me later?",
    "l-contract-review",
  ],
  [
    "Thinking of calling my gin 'Old Harbour'. Has someone already got the rights to that name?",
    "l-trademark-search",
  ],
  ["what time does the nearest Screwfix shut today", "l-places"],
  [
    "find all the florists within 2 miles of me with their phone numbers, I want to offer them wholesale stems",
    "l-places",
  ],
  [
    "Choosing between two high street units. Which street actually gets more people walking past on a Saturday afternoon?",
    "l-footfall",
  ],
  [
    "I've got 23 cake deliveries across Bristol tomorrow. What order should the van do them in so I'm not driving all day?",
    "l-route-optimize",
  ],
  ["put my product descriptions into German and Spanish for the EU store", "l-translate"],
  ["customer email in portugese, what's it say?", "l-translate"],
  [
    "Grandad's old handwritten bakery order books — want them typed up so we can search through them.",
    "l-doc-ocr",
  ],
  [
    "My phone photos of earrings have the kitchen table behind them and the marketplace wants plain white.",
    "l-bg-remove",
  ],
  [
    "Can't afford a photographer. I want my candles shown on a cosy mantelpiece at Christmas without actually staging it.",
    "l-product-scene",
  ],
  [
    "Customer wants to pay the deposit on the phone. Can I send her something she just taps to pay by card?",
    "l-payment-link",
  ],
  [
    "got a £900 order, billing in Ohio, shipping to a freight forwarder in Miami, brand new email address — is this dodgy??",
    "l-fraud-score",
  ],
  [
    "I rent out camera gear. Want customers to prove who they are with their passport and a selfie before I hand anything over.",
    "l-id-verify",
  ],
  ["will it rain on saturday for the farmers market stall in Ludlow", "l-weather"],
  [
    "What was the euro to pound rate on 3 March? My accountant needs it for a supplier payment.",
    "l-fx-rates",
  ],
  ["which days are bank hols in Scotland next year, need to plan when we open", "l-holidays"],
  [
    "A supplier emailed new bank details. Check the IBAN isn't mistyped and which bank it belongs to before I pay them.",
    "l-iban-validate",
  ],
  [
    "A new trade customer wants 60 days to pay on a £5k order. Are they good for it, and how much should I let them run up?",
    "l-business-credit",
  ],
  ["turn my voicemails into text so I can read them between customers", "l-transcribe"],
  [
    "Need a professional-sounding greeting for when people ring the salon after hours, but I hate the sound of my own voice.",
    "l-tts",
  ],
  [
    "want a little square code on each table that opens our menu page when people point their phone at it",
    "l-qr-code",
  ],
  [
    "Customers keep ringing to book haircuts while I'm mid-cut. I want them to pick a free time with one of us themselves online.",
    "l-booking",
  ],
  ["is bakedbyjess.co.uk taken? if so what's similar I could get", "l-domain-check"],
  [
    "Did any of the local papers write about us after the fire? And I want to know whenever we turn up in the press.",
    "l-news-mentions",
  ],
];

export const THIRTYFIRST_UNSERVED: string[] = [
  "The courier's due at 2 to collect three boxes but I won't be in. Push the pickup to tomorrow morning.",
  "submit my quarterly VAT return to HMRC for me",
  "I want to turn my side business into a limited company. Do the incorporation paperwork and file it.",
  "Nobody else has 'Old Harbour' — now actually register it as my trademark and file the application.",
  "A customer raised a chargeback saying the goods never came, but I have the signed delivery. Fight the dispute with the bank for me.",
  "Some of my older customers don't do email. Print reminder letters and post them out by normal mail.",
  "sort out who works which shifts next month around everyone's holiday requests",
  "Get me a quote for public liability insurance for a weekend market stall.",
  "Need a small loan to buy Christmas stock — who'd lend to a two-year-old shop?",
  "whats bitcoin worth right now",
  "score from the derby last night for the pub chalkboard",
  "Is my flight to the Canton trade fair on Tuesday delayed?",
  "List the allergens in my lemon drizzle recipe so I can put them on the label.",
  "Find empty shop units to rent in Harrogate for under £20k a year.",
  "I want to sell gift vouchers that customers can redeem in the shop at Christmas.",
  "My domain runs out next week. Renew it and move it over to a different host.",
  "A competitor left a fake one-star review on our Google page. Get it taken down.",
  "Want someone to print my designs on mugs and post them to customers automatically whenever an order comes in.",
  "Compare electricity deals for the shop, our current contract ends in May.",
  "Find local Instagram influencers with around 5k followers I could send free samples to.",
];
