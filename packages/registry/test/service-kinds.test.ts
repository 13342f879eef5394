import { createTestDatabase, type TestDatabase } from "@tollgate/db/testing";
import { createLogger } from "@tollgate/platform";
import { createEmbedder, type Embedder } from "@tollgate/semantic";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Candidate,
  contentStems,
  createSemanticIndex,
  discover,
  fold,
  fuse,
  gate,
  IDENTIFIERS,
  kindIds,
  kindMatches,
  kindStemHashes,
  kindsOf,
  LEXICON,
  lexicalOverlap,
  likelyCategories,
  listingKinds,
  looseOnly,
  MATCH,
  markIdentifiers,
  needEvidence,
  needStemHashes,
  normalise,
  primaryKinds,
  SERVICE_KINDS,
  stemHashes,
  syncEmbeddings,
} from "../src/index.js";
import { listNamed } from "./listed.js";

const kinds = (text: string) => kindIds(kindsOf(text));
/** The kinds a need names most specifically (the gate's kinds), and those a listing's text names. */
const primary = (q: string) => kindIds(primaryKinds(kindMatches(q)));
const listingKindIds = (text: string) => kindIds(listingKinds(text));

describe("the service-kind lexicon", () => {
  it("a need's words and a listing's words name the same kind", () => {
    expect(kinds("will I need an umbrella in Lyon tomorrow")).toEqual(["weather.forecast"]);
    expect(kinds("Hourly precipitation forecast for any city")).toEqual(["weather.forecast"]);
    expect(kinds("how much is a pudgy penguin going for")).toEqual(["crypto.nft"]);
    expect(kinds("NFT collection floor prices")).toEqual(["crypto.nft"]);
    expect(kinds("what is Nvidia trading at")).toEqual(["finance.stock_quote"]);
    expect(kinds("Real-time equity quotes")).toEqual(["finance.stock_quote"]);
    expect(kinds("is the smog bad today")).toEqual(["weather.air_quality"]);
    expect(kinds("Air quality index and PM2.5 readings")).toEqual(["weather.air_quality"]);
  });

  it("words are compared in a normal form: plurals and -ing/-ed endings meet, 'news' is not 'new'", () => {
    expect(new Set(["price", "prices", "priced", "pricing"].map(normalise)).size).toBe(1);
    expect(normalise("forecasts")).toBe(normalise("forecasting"));
    expect(normalise("news")).not.toBe(normalise("new"));
    expect(kinds("every query new 1234")).toEqual([]);
  });

  it("a listing names a kind by what it sells, not by a single word a need would ask with", () => {
    // "snow" asks for a forecast in a need; in a seller's description it is something the archive holds.
    expect(kinds("how much snow tomorrow in Zermatt")).toEqual(["weather.forecast"]);
    const archive = "Historical observations back to 1940: daily highs, lows, rainfall and snow depth";
    expect(kinds(archive)).toContain("weather.forecast");
    expect(kindIds(listingKinds(archive))).toEqual(["weather.history"]);
    // Such words are attributes in listings ("every native coin", "pharmacies") ...
    expect(
      kindIds(listingKinds("Every ERC-20 and native coin held by a wallet, with portfolio values")),
    ).not.toContain("crypto.price");
    // ... but a listing naming no kind otherwise keeps them: the lexicon still says what it sells.
    expect(kindIds(listingKinds("Umbrella alerts"))).toEqual(kinds("Umbrella alerts"));
  });

  it("words that name a format or a carrier are not kinds; 'customs' is not 'custom'", () => {
    // A PDF is a format many services take or give; only converting or rendering one is document conversion.
    expect(kinds("pull the fields out of these PDFs")).not.toContain("doc.convert");
    expect(kinds("render HTML templates into PDF documents")).toContain("doc.convert");
    expect(kinds("shipping rates from UPS, FedEx and DHL")).not.toContain("ship.tracking");
    expect(kinds("machine translation with custom glossaries")).not.toContain("ship.customs");
    expect(kinds("customs duties for a parcel to Canada")).toContain("ship.customs");
  });

  it("a phrase does not run across a comma, a colon or a sentence's end; in-word marks stay", () => {
    // "source language" is translation's phrase; here the two words are items of a list.
    expect(kinds("Breaking news searchable by keyword, source, language and date")).not.toContain(
      "llm.translate",
    );
    expect(kinds("Detect the source language of a text")).toContain("llm.translate");
    expect(kinds("Read this: aloud")).not.toContain("audio.tts");
    expect(kinds("PM2.5 and ozone readings")).toEqual(["weather.air_quality"]);
  });

  it("`*` in a phrase stands for up to three words", () => {
    expect(kinds("read emails aloud")).toContain("audio.tts");
    expect(kinds("read this paragraph aloud")).toContain("audio.tts");
    expect(kinds("read all of my emails aloud")).not.toContain("audio.tts");
  });

  it("a phrase inside a longer phrase of another kind does not count", () => {
    // "stock" alone names stock quotes, "temperature" alone a forecast; the longer phrases name what is asked.
    expect(kinds("what is the stock doing")).toEqual(["finance.stock_quote"]);
    expect(kinds("are executives dumping their own stock")).toEqual(["finance.sec_filings"]);
    expect(kinds("temperature in Chicago")).toEqual(["weather.forecast"]);
    expect(kinds("what was the temperature in Chicago on 4 July 1976")).toEqual(["weather.history"]);
    const m = kindMatches("what was the temperature in Chicago");
    expect(m.map((x) => [LEXICON.kinds[x.kind]!.id, x.start, x.end, x.length])).toEqual([
      ["weather.history", 0, 4, 4],
    ]);
  });

  it("a need's primary kinds are those its longest phrases name, within one word", () => {
    // "buy * tickets" (3 words) beside "concert" (1): tickets are asked for, not concert data.
    expect(kinds("buy two tickets for the concert on saturday")).toEqual(["events", "events.tickets"]);
    expect(primary("buy two tickets for the concert on saturday")).toEqual(["events.tickets"]);
    // "notify me" (2) beside "hurricane" (1): both stay.
    expect(primary("notify me when a hurricane is approaching Miami")).toEqual([
      "weather.alerts",
      "chat.notify",
    ]);
    expect(kindIds(primaryKinds(kindMatches("buy two tickets for the concert"), 2))).toEqual([
      "events",
      "events.tickets",
    ]);
  });

  it("kinds of service sold by other kinds of API name what is asked, so the directory can say none serves it", () => {
    expect(kinds("book a dentist appointment for next tuesday")).toEqual(["booking.appointments"]);
    expect(kinds("order a large pepperoni pizza to my door")).toEqual(["delivery.orders"]);
    expect(kinds("call a taxi to the airport")).toEqual(["mobility.rides"]);
    expect(kinds("run payroll for my twelve employees")).toEqual(["hr.payroll"]);
    expect(kinds("renew my passport")).toEqual(["gov.services"]);
  });

  it("words that named the wrong kind after the lexicon was widened no longer do", () => {
    // A memecoin is not a politically exposed person; a wallet's worth is not a house's.
    expect(kinds("PEPE price plus hourly chart data")).not.toContain("gov.sanctions");
    expect(kinds("pep screening for new customers")).toContain("gov.sanctions");
    expect(primary("what is 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 worth across every network")).toEqual([
      "crypto.wallet",
    ]);
    expect(primary("what is my house worth")).toEqual(["realestate"]);
    // Staying off toll roads is not a hotel stay; a car plant is not a plant species.
    expect(kinds("visit nine addresses this afternoon, staying off toll roads")).not.toContain(
      "travel.hotels",
    );
    expect(kinds("what are the papers saying about the Volkswagen plant closures")).not.toContain(
      "science.biodiversity",
    );
    expect(primary("identify this plant from a photo")).toEqual(["science.biodiversity"]);
    // Chain pairs name bridging; a fee question names gas; a listing served "also over MCP" names no MCP kind.
    expect(primary("move 500 USDC from Base to Solana")).toEqual(["crypto.bridge"]);
    expect(primary("how pricey is it to send something on ethereum right now")).toEqual(["crypto.gas"]);
    expect(listingKindIds("Hourly forecasts, also available as an MCP server")).toEqual(["weather.forecast"]);
    // Stems that met other words: "facing" is "face", "standing" is "standings", "open" is "openings".
    expect(kinds("an 8 kW array facing south on my roof")).not.toContain("image.face");
    expect(primary("how many people google 'standing desk' per month")).toEqual(["web.seo"]);
    expect(kinds("find a drugstore still open near Union Square")).not.toContain("company.jobs");
    expect(kinds("what year and engine, and any open recalls?")).not.toContain("company.jobs");
    expect(primary("any pastry chef openings in Portland")).toEqual(["company.jobs"]);
    expect(listingKindIds("FaceFind: detect faces and estimate age in photographs")).toEqual(["image.face"]);
    expect(listingKindIds("Film and TV metadata: cast, crew, synopsis, ratings and release dates")).toEqual([
      "entertainment.media",
    ]);
    // A listing delivering "within minutes" still names its own kind.
    expect(listingKindIds("Form 4 insider transactions from SEC EDGAR")).toContain("finance.sec_filings");
    // After the seventh to ninth sets: "traded in" is no trade-in; "by text" alone is no text message; video
    // captions are speech to text and photo captions image description; "structured data" alone is no scraping.
    expect(kinds("what was traded in this pool today")).not.toContain("commerce.resale");
    expect(kinds("find images by text description")).not.toContain("sms.send");
    expect(primary("let the team know by text that we're late")).toContain("sms.send");
    expect(listingKindIds("Auto-generated captions for your videos in 40 languages")).toContain("audio.stt");
    expect(listingKindIds("Alt text and photo captions for your images")).toEqual(["image.describe"]);
    expect(listingKindIds("Structured data from receipts and invoices")).not.toContain("web.scrape");
    expect(primary("get me a certified translation of my diploma")).toEqual(["translation.human"]);
    // After the tenth to twelfth sets: "future" is no futures contract; "logo for" alone asks for no image; a
    // deliverability check's "diagnoses" is no medical diagnosis; placing a bet is an action no odds feed sells.
    expect(kinds("remember this for future chats")).not.toContain("finance.commodities");
    expect(kinds("WTI crude futures curve")).toContain("finance.commodities");
    expect(kinds("the logo for this coin")).not.toContain("image.generate");
    expect(primary("a logo for my bakery")).toEqual(["image.generate"]);
    expect(listingKindIds("Diagnoses sending-domain health: SPF, DKIM, DMARC and blocklists")).toEqual([
      "email.deliverability",
    ]);
    expect(
      listingKindIds("Paycheck calculator: gross to net pay after withholding for all 50 states"),
    ).toEqual(["hr.paycheck_calc"]);
    expect(primary("place a bet on the Lakers for me")).toEqual(["betting.place"]);
    // After the sixteenth to eighteenth sets: developer tools, fact checks and deepfakes are kinds of their own; "gif"
    // alone names no social posts.
    expect(primary("when will this cron expression next fire")).toEqual(["dev.cron"]);
    expect(primary("has this claim been debunked")).toEqual(["news.fact_check"]);
    expect(listingKindIds("Deepfake detection: is this image real or AI-generated")).toContain(
      "image.deepfake_detect",
    );
    expect(kinds("convert this video to a gif")).not.toContain("social.posts");
  });

  it("kinds added for paid APIs and agent asks the lexicon lacked: needs and listings agree", () => {
    // Actions a need asks for name their own kind, so a listing that only reads related data is not taken.
    expect(primary("give my agent a virtual card with a $50 limit")).toEqual(["finance.card_issuing"]);
    expect(listingKindIds("Card issuing API: virtual cards with spend controls")).toEqual([
      "finance.card_issuing",
    ]);
    expect(primary("bridge my USDC from Ethereum to Base")).toContain("crypto.bridge");
    expect(listingKindIds("Cross-chain token bridge aggregator")).toEqual(["crypto.bridge"]);
    expect(primary("send flowers to my mom for her birthday")).toEqual(["commerce.gifts_flowers"]);
    expect(primary("top up my phone with $20 of airtime")).toEqual(["telecom.topup_esim"]);
    expect(listingKindIds("Travel eSIM data plans for 190 countries")).toEqual(["telecom.topup_esim"]);
    expect(primary("hire a freelancer to fix my WordPress site")).toEqual(["labor.freelance"]);
    expect(primary("shorten this link")).toEqual(["web.short_links"]);
    expect(listingKindIds("URL shortener with branded links and click tracking")).toEqual([
      "web.short_links",
    ]);
    // Data sold that no kind named before.
    expect(primary("what do analysts think about Nvidia")).toEqual(["finance.analyst_ratings"]);
    expect(listingKindIds("Analyst ratings, price targets and upgrades/downgrades")).toEqual([
      "finance.analyst_ratings",
    ]);
    expect(primary("is this house in a flood zone")).toEqual(["risk.climate_property"]);
    expect(primary("is this neighbourhood safe to live in")).toEqual(["gov.crime"]);
    expect(listingKindIds("Genealogy records: birth, death and marriage records")).toEqual([
      "people.genealogy",
    ]);
    // Needs of existing kinds keep their kinds, and words shared with the new kinds do not take them over.
    expect(primary("should I buy bitcoin now")).toEqual(["crypto.price"]);
    expect(primary("what did Elon post on twitter")).toEqual(["social.posts"]);
    expect(primary("is there a flood warning today")).toEqual(["weather.alerts"]);
    expect(primary("summarise and shorten this text")).toEqual(["llm.summarise"]);
    expect(primary("pick a random number for the lottery draw")).toEqual(["compute.random"]);
    expect(primary("which national parks are open")).toEqual([]);
  });

  it("kinds added for crypto and AI-agent tooling: terse technical needs and sellers' words agree", () => {
    expect(primary("query a subgraph for uniswap swaps")).toContain("crypto.indexing");
    expect(listingKindIds("Subgraph hosting and blockchain indexing API")).toEqual(["crypto.indexing"]);
    expect(primary("am I eligible for the airdrop")).toEqual(["crypto.airdrops"]);
    expect(listingKindIds("Airdrop checker: eligibility across 200 protocols")).toEqual(["crypto.airdrops"]);
    expect(listingKindIds("Farcaster API: casts, users and channels")).toEqual(["crypto.social"]);
    expect(primary("copy trade this wallet")).toContain("crypto.signals");
    expect(primary("evaluate my prompts for hallucinations")).toEqual(["llm.evals"]);
    expect(listingKindIds("LLM observability: tracing, evals and prompt management")).toEqual(["llm.evals"]);
    expect(listingKindIds("Hosted MCP servers for your agents")).toEqual(["agent.mcp"]);
    expect(primary("label my images for a detection model")).toContain("data.labelling");
    expect(primary("generate fake user data for my tests")).toEqual(["data.synthetic"]);
    // A listing that is also served over MCP keeps the kind it sells; a need naming MCP keeps its own kind.
    expect(listingKindIds("Weather forecast API, also available as an MCP server")).toContain(
      "weather.forecast",
    );
    expect(primary("an mcp server for the weather forecast")).toContain("weather.forecast");
    // Existing kinds take the terse asks of their sellers' buyers.
    expect(primary("top holders of this token on base")).toEqual(["crypto.onchain_analytics"]);
    expect(primary("simulate this tx")).toEqual(["crypto.security"]);
    expect(primary("parse this pdf to markdown")).toEqual(["doc.convert"]);
    expect(primary("sponsor gas for my users")).toEqual(["crypto.wallet_create"]);
    // Words shared with other trades do not take their needs.
    expect(primary("open interest for AAPL options")).toEqual(["finance.options"]);
    expect(primary("how much would a new pair of shoes cost")).toEqual([]);
    expect(primary("hire a real estate agent")).not.toContain("agent.tasks");
  });

  it("a word a seller uses in passing names no kind: a case number, equity pay, gene variants of a form", () => {
    // Found in the bench sets' misses and in a screen of every bench listing's single-word offers.
    const passing: [listing: string, notKind: string][] = [
      ["Search court cases by party or case number", "science.chemistry"],
      ["Reads W-2, W-9 and 1099 variants", "science.genes"],
      ["Posting and removal dates for every job ad", "home.services"],
      ["Redacts names and medical details from PDFs", "science.medical"],
      ["Swap quotes with ready-to-sign calldata", "legal.documents"],
      ["Email verification: syntax, MX records and SMTP checks", "email.send"],
      ["Labels addresses as exchange, fund, bridge or exploiter", "crypto.bridge"],
      ["Fares with flexible-date price calendars and checked baggage allowances", "reminders.schedule"],
      ["Fares and checked baggage allowances by airline", "crypto.security"],
      ["Parcel rates with transit times for every carrier", "travel.transit"],
      ["Visa rules for any passport and destination", "kyc.identity"],
      ["Webhooks instead of polling for new launches", "gov.elections"],
      ["Journey planning: bus and metro itineraries with transfers", "travel.flight_search"],
      ["Email verification in bulk up to 100k per job", "fitness.plans"],
      ["Insider filings parsed within minutes of filing", "maps.isochrone"],
      ["Launchpad Ads: create and launch Facebook ad campaigns", "crypto.token_launch"],
      ["Conversion rates and uplift per variant of an experiment", "finance.fx"],
      ["Journal quartile rankings and impact factors", "web.rank_tracking"],
      ["Object detection: returns labels with confidence scores and bounding boxes", "ship.labels"],
      ["Reads embedded EXIF metadata from photos, with GPS coordinates", "llm.embeddings"],
      ["Disposable file sharing with self-destructing links", "email.validation"],
      ["Book metadata: author, page count, all editions and translations", "llm.translate"],
      ["Where to watch: streaming, rentals and purchase services per country", "realestate"],
    ];
    for (const [listing, notKind] of passing) expect(listingKindIds(listing), listing).not.toContain(notKind);
    expect(listingKindIds("Salary percentiles with bonus and equity ranges")).toEqual(["company.jobs"]);
    expect(listingKindIds("Corporate family trees: ultimate parent and every subsidiary")).toEqual([
      "company.registry",
    ]);
    expect(primary("can I get pre-approved for a mortgage")).not.toContain("crypto.security");
  });

  it("kinds split off or added from the bench sets' misses take their own needs and listings", () => {
    // Reading a tax form is not filing one.
    expect(primary("copy the amounts off this W-2")).toEqual(["image.ocr"]);
    expect(primary("file our quarterly sales tax return")).toEqual(["tax.filing"]);
    // Verifying a contract's source is an action apart from reading a verified contract's ABI.
    expect(primary("get my contract verified on Basescan")).toEqual(["crypto.contract_verify"]);
    expect(listingKindIds("Verified source and ABI for any contract address")).toEqual(["crypto.contracts"]);
    // Who reports to whom is an org chart, not procurement.
    expect(primary("who sits above the procurement manager at Acme")).toEqual(["company.org_chart"]);
    expect(primary("when does the garbage truck come by our street")).toEqual(["gov.waste_collection"]);
    expect(listingKindIds("Waste, recycling and bulky-item collection schedules by address")).toEqual([
      "gov.waste_collection",
    ]);
    expect(primary("is this vendor debarred from federal work")).toEqual(["gov.exclusions"]);
    expect(primary("is the product page really slow for actual shoppers? core web vitals")).toEqual([
      "web.performance",
    ]);
    expect(primary("compile my thesis .tex with bibtex")).toContain("doc.latex");
  });

  it("a protocol's TVL is not a yield, and data on new tokens is not launching one", () => {
    expect(primary("how much capital is locked in Aave")).toEqual(["crypto.tvl"]);
    expect(
      listingKindIds("Protocol and chain TVL, fees and revenue time series for 3,000 protocols"),
    ).toEqual(["crypto.tvl"]);
    // A yield listing that filters by TVL still sells yields.
    const yields = listingKindIds("Lending and vault APYs on every chain, filter by TVL");
    expect(yields).toContain("crypto.defi_yield");
    expect(yields).not.toContain("crypto.tvl");
    expect(primary("snipe memecoins as soon as they launch on Solana")).toEqual(["crypto.new_tokens"]);
    expect(primary("deploy an ERC-20 with a fixed supply")).toEqual(["crypto.token_launch"]);
    expect(listingKindIds("Feed of new token launches and new dex pairs with initial liquidity")).toEqual([
      "crypto.new_tokens",
    ]);
    expect(listingKindIds("Token launchpad: deploy tokens on a bonding curve in one call")).toEqual([
      "crypto.token_launch",
    ]);
    // "wallet" alone names no kind: a need about a wallet's risk or its labels is not one for its balances.
    expect(primary("is this wallet tied to a known hack")).not.toContain("crypto.wallet");
    expect(primary("what's in this wallet")).toEqual(["crypto.wallet"]);
  });

  it("kinds from the seventh pass: everyday asks, agents' queries and a general directory", () => {
    // Actions nothing sells name their own kind, so the answer can be empty rather than the nearest data.
    expect(primary("please cancel my gym membership")).toEqual(["subscriptions.cancel"]);
    expect(primary("switch our energy supplier")).toEqual(["utilities.switching"]);
    expect(primary("book a parking space at Gatwick for next week")).toEqual(["parking.booking"]);
    expect(primary("register a .eth name for my agent")).toEqual(["crypto.ens_register"]);
    // Services the lexicon lacked, on both sides.
    expect(primary("what's on telly tonight")).toEqual(["tv.listings"]);
    expect(listingKindIds("Electronic programme guide: tv listings for 400 channels")).toContain(
      "tv.listings",
    );
    expect(primary("does that chippy have a good hygiene rating")).toEqual(["food.hygiene"]);
    expect(primary("is this a good price or a fake discount")).toEqual(["product.price_history"]);
    expect(primary("whose wallet is this 0x1234")).toEqual(["crypto.address_labels"]);
    expect(listingKindIds("Wallet labels and entity attribution for 40M addresses")).toContain(
      "crypto.address_labels",
    );
    // Narrowed: a tin can is no tax id, the beach is no marine forecast, "primaries" and "written off" are no school or car.
    expect(listingKindIds("Recycled tin packaging suppliers")).not.toContain("gov.tax_ids");
    expect(primary("who won the primaries in Iowa")).toEqual(["gov.elections"]);
    expect(kinds("how much bad debt was written off last year")).not.toContain("vehicles");
    expect(kinds("weather forecast for Christmas Day in Oslo")).not.toContain("gov.holidays");
    expect(kinds("switch providers for my LLM calls")).not.toContain("utilities.switching");
    // A listing that probes mailboxes over SMTP verifies email; it does not send it.
    expect(listingKindIds("Email verification by SMTP mailbox probe")).not.toContain("email.send");
  });

  it("kinds from the eighth pass: professional health, science and civic data, and a plan's purchases", () => {
    // Professionals' words name the narrow data they work with, on both sides.
    expect(primary("can I take ibuprofen with warfarin")).toEqual(["health.drug_interactions"]);
    expect(primary("find trials still enrolling for stage 3 melanoma")).toEqual(["health.clinical_trials"]);
    expect(primary("what's the NPI of the referring physician")).toEqual(["health.provider_registry"]);
    expect(primary("what ICD-10 code goes with type 2 diabetes")).toEqual(["health.medical_coding"]);
    expect(listingKindIds("Drug labels and prescribing information from DailyMed")).toEqual([
      "health.drug_labels",
    ]);
    expect(listingKindIds("ClinVar and gnomAD variant annotation API")).toEqual(["science.variants"]);
    expect(primary("is the tap water safe in Flint")).toEqual(["env.drinking_water"]);
    expect(primary("pollen count in Atlanta tomorrow")).toEqual(["weather.pollen"]);
    // Civic actions nothing here sells.
    expect(primary("where do I vote in Ohio")).toEqual(["gov.polling_places"]);
    expect(primary("file a FOIA request with the EPA")).toEqual(["gov.foia"]);
    // Narrower kinds carved out of broad ones.
    expect(primary("where is my container from Shanghai")).toEqual(["ship.vessel_tracking"]);
    expect(primary("print a shipping label for this box")).toEqual(["ship.labels"]);
    expect(primary("who owns this property and are there any liens")).toEqual(["realestate.records"]);
    // Search-box shorthand: "gen" is not "gene", "wx" is weather, "tz" a time zone; VoIP is a line type, not a call.
    expect(primary("gen img of a cat in a hat")).toEqual(["image.generate"]);
    expect(primary("wx fcst berlin 7d")).toEqual(["weather.forecast"]);
    expect(primary("tz for tokyo")).toEqual(["maps.timezone"]);
    expect(primary("is this number mobile or voip")).toEqual(["people.phone_lookup"]);
    expect(listingKindIds("Phone number lookup: carrier and line type (mobile, landline, VoIP)")).toEqual([
      "people.phone_lookup",
    ]);
    // Words that met others: holdings are not a wallet's, routing is not every route, muggings are not mugs.
    expect(primary("what does this ETF hold")).toEqual(["finance.funds"]);
    expect(listingKindIds("SEC filings by ticker, CIK or form type")).toEqual(["finance.sec_filings"]);
    expect(listingKindIds("Ceramic mugs and coffee holdings")).toEqual([]);
    expect(listingKindIds("Flight status API by route and carrier")).toEqual(["travel.flight_status"]);
  });

  it("a phrase carved out into a narrower kind names that kind only, not the broader one it came from", () => {
    const pairs: [text: string, narrow: string, broad: string][] = [
      ["DNS lookup API: dns records and dns propagation checks", "web.dns", "web.domains"],
      ["Backlink index: referring domains and backlinks for any site", "web.backlinks", "web.seo"],
      ["Rank tracker with daily keyword rankings", "web.rank_tracking", "web.seo"],
      ["npm downloads and pypi downloads per package", "code.package_stats", "code.repos"],
      ["Unit test generation for Python and TypeScript", "code.test_generation", "code.generate"],
      ["Deepfake detection for manipulated images", "image.deepfake_detect", "image.search"],
      ["Container scanning of your registry", "security.container_scan", "code.security"],
      ["Employment verification in 48 hours", "hr.employment_verification", "people.background"],
      ["Ad campaign management across networks", "marketing.ad_campaigns", "marketing.ads"],
      ["Curated rss feeds for any topic", "web.feeds", "news.search"],
    ];
    for (const [text, narrow, broad] of pairs) {
      expect(listingKindIds(text), text).toContain(narrow);
      expect(listingKindIds(text), text).not.toContain(broad);
    }
    expect(primary("find influencers in the fitness niche")).toEqual(["social.influencers"]);
    expect(primary("verify employment for this candidate")).toEqual(["hr.employment_verification"]);
    expect(primary("check my sender reputation")).toEqual(["email.deliverability"]);
  });

  it("kinds from the 2026-12-03 pass: back-office and builders' asks, and what their sellers say", () => {
    expect(primary("is tether holding its peg today")).toEqual(["crypto.stablecoin_peg"]);
    expect(listingKindIds("Live peg deviation for USDC and DAI across venues, with depeg alerts")).toEqual([
      "crypto.stablecoin_peg",
    ]);
    expect(primary("I need a throwaway url to test webhooks from my payment provider")).toContain(
      "dev.webhook_testing",
    );
    expect(listingKindIds("A temporary public endpoint that captures incoming webhook requests")).toContain(
      "dev.webhook_testing",
    );
    expect(primary("a pattern that matches order numbers like AB-1234")).toContain("code.generate");
    expect(primary("a trademark conflict check for our new brand")).toContain("company.trademarks");
    expect(primary("draft a contractor agreement for a freelancer")).toContain("legal.documents");
    expect(primary("what did we decide in the call, and who agreed to do what")).toEqual(["meeting.notes"]);
    expect(primary("music for an ad with no copyright problems")).toContain("audio.music_gen");
    expect(primary("pull the colours from our logo image")).toEqual(["image.palette"]);
    expect(primary("was this picture made with ai")).toEqual(["image.deepfake_detect"]);
    expect(primary("is this link in the email safe to open")).toContain("web.url_safety");
    expect(primary("resale ticket prices for the cup final")).toContain("events");
    expect(listingKindIds("Splits any song into vocals and instrumental tracks")).toContain("audio.cleanup");
    expect(listingKindIds("Lists a wallet's spending approvals and flags risky spenders")).toContain(
      "crypto.security",
    );
    expect(listingKindIds("Converts bank statement PDFs into transactions as CSV")).toContain("image.ocr");
    expect(primary("did the ground just shake here")).toEqual(["science.earth"]);
    expect(primary("tell me when their privacy policy gets revised")).toContain("web.change_monitoring");
    expect(primary("get real people to tag our product photos")).toContain("data.labelling");
    expect(primary("what are folks on r/homelab saying about this router")).toContain("social.posts");
    expect(listingKindIds("Turns resumes into structured JSON for your ATS")).toContain("hr.resumes");
    expect(primary("what is the property tax bill on this house")).toContain("realestate.records");
    expect(
      listingKindIds("County assessor records: tax assessments and assessed values by parcel"),
    ).toContain("realestate.records");
    expect(primary("which packing group and imdg limits apply to this shipment")).toContain(
      "ship.dangerous_goods",
    );
    expect(primary("when does microsoft report earnings next")).toContain("finance.earnings_calendar");
    expect(primary("fetch this article so I can read it offline")).toContain("web.scrape");
    expect(primary("star rating of this amazon item")).toContain("product.lookup");
    expect(primary("prior work on protein language models")).toContain("science.papers");
    expect(primary("check our suppliers against government blacklists")).toContain("gov.sanctions");
    expect(primary("produce subtitles with timings for the lecture")).toContain("audio.stt");
    expect(primary("move 200 USDC from arbitrum to optimism")).toContain("crypto.bridge");
    expect(primary("google what time the museum opens")).toContain("web.search");
    expect(primary("draw bounding boxes around every forklift")).toContain("image.detect");
    expect(primary("scan this repo for sql injection")).toContain("code.security");
    expect(primary("public-sector bids for school buses")).toContain("gov.procurement");
    expect(primary("find the warpcast account of this founder")).toContain("crypto.social");
    expect(listingKindIds("Public domain texts of 70,000 classic novels, as plain text")).toContain(
      "entertainment.books",
    );
    expect(primary("convert 80 euros to japanese yen")).toContain("finance.fx");
    expect(primary("point spreads for the college games")).toContain("sports.odds");
    expect(primary("I have a Brazilian passport, how long can I stay in Canada")).toContain("travel.visa");
    expect(primary("spontaneous reports of liver injury for this drug")).toContain("health.adverse_events");
    expect(primary("make EAN-13 barcode images for these products")).toContain("doc.qr");
    expect(primary("are these voip numbers or real mobiles")).toContain("people.phone_lookup");
    expect(primary("an open-jaw trip from Boston to Lisbon, back from Porto")).toContain(
      "travel.flight_search",
    );
    // An OCR seller's "image of text" names text recognition, not image generation ("image of" asks for a picture).
    expect(listingKindIds("Reads the words in an image of text")).not.toContain("image.generate");
  });

  it("words most listings use, or that name several kinds, name none", () => {
    for (const generic of [
      "free trial",
      "sandbox mode",
      "webhooks",
      "tracking",
      "results",
      "scores",
      "reviews",
      "records",
      "files",
      "languages",
      "countries",
      "events",
      "database",
      "for AI agents",
      "real-time data API",
    ])
      expect(kinds(generic), generic).toEqual([]);
  });

  it("a need or a listing in another language names its kind by a foreign phrase, accents folded", () => {
    expect(fold("Köln, Straße, 80 m²")).toBe("koln, strasse, 80 m2");
    expect(primary("Steuererklärung für mich beim Finanzamt einreichen")).toEqual(["tax.filing"]);
    expect(primary("comprar boleto de autobús de Guadalajara a CDMX")).toEqual(["travel.rail_booking"]);
    expect(primary("prix au m² des maisons vendues à Bordeaux")).toEqual(["realestate"]);
    expect(primary("jam berapa maghrib di Jakarta hari ini")).toEqual(["religion.prayer_times"]);
    expect(primary("is this snack halal certified in Indonesia or not")).toEqual(["food.halal_kosher"]);
    expect(listingKindIds("Cek status sertifikat halal produk dari BPJPH")).toEqual(["food.halal_kosher"]);
    expect(listingKindIds("Cek ongkos kirim dan lacak resi JNE, J&T, SiCepat").sort()).toEqual([
      "ship.rates",
      "ship.tracking",
    ]);
    // A foreign phrase is kept unchecked (the English model cannot read the need) and is never loose evidence.
    expect(kindMatches("Bahnticket nach München buchen").every((m) => m.foreign)).toBe(true);
    expect(needEvidence("Bahnticket nach München buchen").foreign).toBe(true);
    expect(looseOnly(needEvidence("Bahnticket nach München buchen"))).toBe(false);
    // Its function words are no content words once their accents are folded.
    expect(contentStems("Wetter für Köln und München")).toEqual(contentStems("Wetter Köln München"));
    // A comma between digits breaks no clause.
    expect(primary("validate 2,000 emails before the campaign")).toContain("email.validation");
  });

  it("an identifier in a need names its kind whatever words surround it", () => {
    expect(kinds("roughly where in the world was 203.0.113.45 when it signed in?")).toEqual(["maps.ip"]);
    expect(kinds("2001:db8::8a2e:370:7334 came up in our logs")).toEqual(["maps.ip"]);
    expect(kinds("what is 1HGCM82633A004352, year and trim?")).toEqual(["vehicles"]);
    expect(kinds("look at 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060")).toEqual([
      "crypto.transactions",
    ]);
    expect(kinds("my mom is coming in on United 1432 tonight")).toEqual(["travel.flight_status"]);
    expect(kinds("is UA 918 going to make it")).toEqual(["travel.flight_status"]);
    expect(kinds("1Z999AA10123456784 hasn't moved since Monday")).toEqual(["ship.tracking"]);
    expect(kinds("who wrote 978-0-306-40615-7")).toEqual(["entertainment.books"]);
    expect(kinds("has TGHU 123456 7 left the port yet")).toEqual(["ship.vessel_tracking"]);
    expect(kinds("how many units a month does B08N5WRWNW sell")).toContain("product.lookup");
    expect(kinds("what has 0000-0002-1825-0097 published")).toContain("science.papers");
    expect(kinds("is DE89 3704 0044 0532 0130 00 right before I pay it")).toEqual(["finance.banking"]);
    expect(kinds("who is jesse.base.eth")).toEqual(["crypto.ens"]);
    // A kind an identifier names is primary (the gate's) however long the words around it: "what address is"
    // alone asks for a street address.
    expect(kindIds(primaryKinds(kindMatches("what address is jesse.base.eth"), 1, true))).toContain(
      "crypto.ens",
    );
    expect(kindIds(primaryKinds(kindMatches("what address is jesse.base.eth"), 1))).not.toContain(
      "crypto.ens",
    );
    expect(kindIds(needEvidence("what address is jesse.base.eth").primary)).toContain("crypto.ens");
    expect(kinds("a client gave us FR40303265045 to zero-rate the invoice")).toEqual(["gov.tax_ids"]);
    // Look-alikes stay words: versions, times, decimals, hexadecimal digests, scores, codes that are abbreviations.
    for (const text of [
      "version 1.2.3 at 10:30:00, pi is 3.14",
      "digest 0123456789ABCDEF0",
      "Manchester United 2-1 Leeds",
      "an AI 21 model",
      "QR 500 codes",
      "PM2.5 in the city",
      "FR76 3000 6000 01",
      "card 4111-1111-1111-1111 was declined",
    ])
      expect(markIdentifiers(text), text).toBe(text);
    // Each identifier names a kind of the lexicon, whose compiled phrases hold its token.
    for (const id of IDENTIFIERS) {
      const kind = SERVICE_KINDS.findIndex((k) => k.id === id.kind);
      expect(kind, id.kind).toBeGreaterThanOrEqual(0);
      expect(
        LEXICON.byFirst.get(normalise(id.token))?.some((p) => p.kind === kind && p.rest.length === 0),
      ).toBe(true);
    }
  });

  it("every kind has a unique id, phrases on both sides, and a category of the taxonomy", async () => {
    const ids = SERVICE_KINDS.map((k) => k.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(100);
    const taxonomy = new Set((await tdb.db.selectFrom("categories").select("id").execute()).map((r) => r.id));
    for (const k of SERVICE_KINDS) {
      expect(taxonomy.has(k.category), k.id).toBe(true);
      expect(
        k.asks.split("|").every((p) => p.trim().length > 0),
        k.id,
      ).toBe(true);
      expect(
        k.offers.split("|").every((p) => p.trim().length > 0),
        k.id,
      ).toBe(true);
    }
    expect(LEXICON.kinds).toBe(SERVICE_KINDS);
  });
});

const candidate = (id: string, similarity: number, text: string): Candidate => ({
  id,
  similarity,
  category: "data.crypto",
  stems: stemHashes(text),
  kinds: listingKinds(text),
});

describe("kinds as evidence and in the gate", () => {
  // The kind gate alone, without the two rules that take a need's kinds as misread (kindSpread, kindlessNear).
  const strict = { ...MATCH, kindSpread: Number.POSITIVE_INFINITY, kindlessNear: Number.POSITIVE_INFINITY };
  const nft = candidate("nft", 0.4, "NFT collection floor prices");
  const coins = candidate("coins", 0.5, "Spot prices of cryptocurrencies");
  const shop = candidate("shop", 0.41, "Product prices from online retailers");

  it("a listing naming the need's kinds gains KIND_WEIGHT × the share of them it names", () => {
    const scored = fuse("how much is a pudgy penguin going for", [coins, nft], new Map());
    const n = scored.find((s) => s.id === "nft")!;
    expect(n.sharedKinds).toBe(1);
    expect(n.relevance).toBeCloseTo(0.4 + MATCH.kindWeight, 6);
    expect(scored.find((s) => s.id === "coins")!.relevance).toBeCloseTo(0.5, 6);
  });

  it("when the need names kinds, only listings naming one pass the gate; when none does, nothing passes", () => {
    const need = "how much is a pudgy penguin going for";
    const needKinds = kindsOf(need).length;
    // A closer listing that names no kind of the need stays out, however close.
    const close = candidate("close", 0.4 + MATCH.kindWeight + 0.01, "Spot prices of cryptocurrencies");
    const passed = gate(fuse(need, [close, nft, shop], new Map()), strict, needKinds);
    expect(passed.map((s) => s.id)).toEqual(["nft"]);
    // None names one: nothing passes, unless the nearest is so near that the need's kinds are taken as misread.
    expect(gate(fuse(need, [close, shop], new Map()), strict, needKinds)).toEqual([]);
    expect(close.similarity).toBeGreaterThanOrEqual(MATCH.kindlessNear);
    expect(gate(fuse(need, [close, shop], new Map()), MATCH, needKinds).map((s) => s.id)).toEqual(["close"]);
    const far = candidate("far", MATCH.kindlessNear - 0.01, "Spot prices of cryptocurrencies");
    expect(gate(fuse(need, [far, shop], new Map()), MATCH, needKinds)).toEqual([]);
    // The same candidates with the kind gate off: the closer one comes first (the rule is what keeps it out).
    const off = { ...MATCH, kindGate: "off" as const };
    expect(gate(fuse(need, [close, nft, shop], new Map(), off), off, needKinds)[0]?.id).toBe("close");
  });

  it("a need whose kind is named in another language is not taken as misread, and lets no kindless listing beside", () => {
    const need = "Lastschrift einrichten und monatlich bei Kunden abbuchen";
    const needKinds = needEvidence(need).kinds.length;
    expect(needKinds).toBeGreaterThan(0);
    // Near by shared letters alone, naming no kind: not taken as proof that the need's kind is misread.
    const german = candidate("german", MATCH.kindlessNear + 0.05, "Tägliche Übersicht für ganz Deutschland");
    expect(listingKindIds("Tägliche Übersicht für ganz Deutschland")).toEqual([]);
    expect(gate(fuse(need, [german], new Map()), MATCH, needKinds)).toEqual([]);
    // Beside a listing naming its kind, the kindless one stays out too.
    const sepa = candidate("sepa", 0.3, "SEPA-Lastschrift mandates for EU businesses");
    expect(gate(fuse(need, [german, sepa], new Map()), MATCH, needKinds).map((s) => s.id)).toEqual(["sepa"]);
  });

  it("the gate asks a listing to name one of the need's primary kinds", () => {
    const need = "buy two tickets for the concert on saturday";
    const concerts = candidate("concerts", 0.6, "Concert listings and tour dates");
    const tickets = candidate("tickets", 0.45, "Event tickets and box office sales");
    expect(kindIds(concerts.kinds)).toEqual(["events"]);
    const needKinds = kindsOf(need).length;
    expect(gate(fuse(need, [concerts, tickets], new Map()), strict, needKinds).map((s) => s.id)).toEqual([
      "tickets",
    ]);
    expect(gate(fuse(need, [concerts], new Map()), strict, needKinds)).toEqual([]);
    // On all of the need's kinds, the concert data would pass.
    const all = { ...MATCH, kindGateOn: "all" as const };
    expect(gate(fuse(need, [concerts], new Map(), all), all, needKinds).map((s) => s.id)).toEqual([
      "concerts",
    ]);
  });

  it("a listing about the kind asked gains more than one naming it among others (kind focus)", () => {
    const need = "who won the game last night";
    const scores = candidate("scores", 0.5, "Live football scores");
    const both = candidate("both", 0.5, "Betting odds and live scores");
    expect(kindIds(both.kinds)).toEqual(["sports.scores", "sports.odds"]);
    const scored = fuse(need, [both, scores], new Map());
    expect(scored.map((s) => s.id)).toEqual(["scores", "both"]);
    expect(scored[0]!.relevance - scored[1]!.relevance).toBeCloseTo(
      (MATCH.kindWeight * (1 - 0.5 ** MATCH.kindFocus)) / kindsOf(need).length,
      6,
    );
    const unfocused = fuse(need, [both, scores], new Map(), { ...MATCH, kindFocus: 0 });
    expect(unfocused[0]!.relevance).toBeCloseTo(unfocused[1]!.relevance, 6);
  });

  it("a description stuffed with words, or a listing naming many kinds, gains no more than an honest one", () => {
    const need = "will it rain in Paris tomorrow";
    const honestText = "Rain forecast for any city";
    let seed = 11;
    const letter = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(97 + (seed % 26));
    };
    const filler = Array.from({ length: 400 }, () => Array.from({ length: 7 }, letter).join("")).join(" ");
    const stuffedText = `${honestText}: Paris tomorrow ${filler}`;
    const honest: Candidate = { ...candidate("honest", 0.5, honestText), category: "data.weather" };
    const stuffed: Candidate = { ...candidate("stuffed", 0.5, stuffedText), category: "data.weather" };
    expect(stuffed.stems.length).toBeGreaterThan(300);
    expect(kindIds(stuffed.kinds)).toEqual(kindIds(honest.kinds));
    // Unscaled, the stuffed listing's share of the need's words (all of them) would put it first.
    const unscaled = { ...MATCH, lexicalLength: Number.POSITIVE_INFINITY };
    expect(fuse(need, [honest, stuffed], new Map(), unscaled)[0]!.id).toBe("stuffed");
    expect(fuse(need, [honest, stuffed], new Map())[0]!.id).toBe("honest");

    // Naming many kinds (here every kind): their phrases hold most of a need's words.
    const match = "will it rain for the cricket match in Leeds tomorrow";
    const every = Uint16Array.from(LEXICON.kinds.map((_, i) => i));
    const named: Candidate = { ...honest, kindStems: kindStemHashes(honest.kinds) };
    const stuffer: Candidate = { ...honest, id: "stuffer", kinds: every, kindStems: kindStemHashes(every) };
    const share = (c: Candidate) => lexicalOverlap(needStemHashes(match), c.kindStems!);
    expect(share(stuffer)).toBeGreaterThan(share(named));
    // A need whose words the lexicon reads as no kind (the kind term, with its focus, plays no part).
    const none = new Uint16Array(0);
    const words = { stems: needStemHashes(match), kinds: none, primary: none, longest: 0, identified: false };
    const unscaledKinds = { ...MATCH, kindWordsKinds: Number.POSITIVE_INFINITY };
    expect(fuse(words, [named, stuffer], new Map(), unscaledKinds)[0]!.id).toBe("stuffer");
    expect(fuse(words, [named, stuffer], new Map())[0]!.id).toBe("honest");
  });

  it("a need naming no kind is gated as before: the floor, then the band", () => {
    const need = "quince marmalade";
    expect(kindsOf(need).length).toBe(0);
    const a = candidate("a", MATCH.floor + 0.1, "Quince marmalade index");
    const b = candidate("b", MATCH.floor + 0.1 - MATCH.lexicalWeight * 2, "Unrelated");
    const scored = fuse(need, [a, b], new Map());
    expect(scored[0]!.relevance).toBeCloseTo(MATCH.floor + 0.1 + MATCH.lexicalWeight, 6);
    expect(gate(scored, MATCH, 0).map((s) => s.id)).toEqual(["a"]);
    expect(gate(fuse(need, [candidate("c", MATCH.floor - 0.01, "x")], new Map()), MATCH, 0)).toEqual([]);
  });

  it("the categories of the need's kinds come first among its likely categories", () => {
    const cats = new Map([
      ["data.finance", 0.6],
      ["data.crypto", 0.4],
    ]);
    expect(likelyCategories(cats, MATCH, kindsOf("how much is a pudgy penguin going for"))).toEqual([
      "data.crypto",
      "data.finance",
    ]);
    expect(likelyCategories(cats, MATCH, kindsOf("quince marmalade"))).toEqual(["data.finance"]);
  });
});

let tdb: TestDatabase;
let embedder: Embedder;
const ids: Record<string, string> = {};
const log = createLogger("service-kinds-test", "silent");

// Listings worded as sellers word them; every one at the same status, score and price.
const LISTINGS = {
  nft: ["Floorboard", "NFT collection floor prices and recent sales", "data.crypto"],
  coins: ["CoinTape", "Spot prices of cryptocurrencies across exchanges", "data.crypto"],
  shop: ["ShopCompare", "Product prices from online retailers", "commerce.products"],
  forecast: [
    "SkyCast Hourly",
    "Hourly weather forecast with temperature, wind and precipitation",
    "data.weather",
  ],
  aqi: ["AirGauge", "Air quality index and PM2.5 readings by city", "data.weather"],
  quotes: ["Ticker tape", "Real-time equity quotes and market prices", "data.finance"],
  fx: ["FX Rates", "Foreign exchange rates for 170 currencies", "data.finance"],
  ocr: ["Paperless", "Optical character recognition for scanned documents", "compute.image"],
  tts: ["VoiceForge", "Text to speech with natural voices", "compute.audio"],
} as const;

beforeAll(async () => {
  tdb = await createTestDatabase();
  embedder = createEmbedder();
  Object.assign(ids, await listNamed(tdb.db, LISTINGS));
  await embedder.ready;
  while ((await syncEmbeddings(tdb.db, embedder)) > 0);
});
afterAll(async () => {
  await embedder.close();
  await tdb.drop();
});

describe("discover with service kinds", () => {
  it("a need in need-words only reaches the listing in listing-words, where the matcher without kinds did not", async () => {
    const need = "what is Nvidia trading at";
    const listing = `${LISTINGS.quotes[0]} ${LISTINGS.quotes[1]}`;
    expect(contentStems(need).filter((s) => contentStems(listing).includes(s))).toEqual([]);
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const r = await discover(tdb.db, { q: need, limit: 10 }, { matcher: index.matcher });
    expect(r.results.map((x) => x.id)).toEqual([ids.quotes]);
    expect(r.note).toMatch(/kinds of service/);
    const before = createSemanticIndex(tdb.db, embedder, log, {
      match: { kindWeight: 0, kindGate: "off", needMap: false },
    });
    await before.refresh();
    expect((await before.matcher(need))?.ids[0]).not.toBe(ids.quotes);
  });

  it("a need naming a kind no listing names gets no result, and the note names the kind", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const r = await discover(
      tdb.db,
      { q: "when is high tide in Brest", limit: 10 },
      { matcher: index.matcher },
    );
    expect(r.count).toBe(0);
    expect(r.note).toMatch(
      /^no listing in the directory serves this need closely enough \(it asks for weather\.marine; it reads as data\.weather/,
    );
  });

  it("a need asking for a kind of service no listing sells gets no result, whatever listings are near it", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    await index.refresh();
    const r = await discover(
      tdb.db,
      { q: "book a dentist appointment for next tuesday", limit: 10 },
      { matcher: index.matcher },
    );
    expect(r.count).toBe(0);
    expect(r.note).toMatch(
      /^no listing in the directory serves this need closely enough \(it asks for booking\.appointments/,
    );
    // Without the kinds, the nearest listings are offered.
    const before = createSemanticIndex(tdb.db, embedder, log, {
      match: { kindWeight: 0, kindGate: "off", floor: 0 },
    });
    await before.refresh();
    expect((await before.matcher("book a dentist appointment for next tuesday"))?.ids.length).toBeGreaterThan(
      0,
    );
  });

  it("a need naming no kind is matched as before", async () => {
    const index = createSemanticIndex(tdb.db, embedder, log);
    const before = createSemanticIndex(tdb.db, embedder, log, { match: { kindWeight: 0, kindGate: "off" } });
    await Promise.all([index.refresh(), before.refresh()]);
    for (const need of [
      "pull the words out of this photographed letter",
      "adopt a hedgehog from a local shelter",
    ]) {
      expect(kindsOf(need).length).toBe(0);
      const now = await index.matcher(need);
      expect(now?.ids).toEqual((await before.matcher(need))?.ids);
      expect(now?.kinds).toEqual([]);
    }
    expect((await index.matcher("pull the words out of this photographed letter"))?.ids).toEqual([ids.ocr]);
    expect((await index.matcher("adopt a hedgehog from a local shelter"))?.ids).toEqual([]);
  });
});
