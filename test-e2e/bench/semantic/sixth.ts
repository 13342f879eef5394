/**
 * The sixth labelled set for the semantic discovery benchmark, written 2026-11-27 by a helper session, blind:
 * read nothing of the matcher, lexicon, docs, README or the other sets. Shaped like a present-day x402
 * marketplace (about half crypto/web3 and AI-agent tooling, half plain data feeds and actions).
 * 60 listings (52 services + 8 near-duplicate competitors), 60 served needs, 20 unserved needs.
 */
export const SIXTH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  // crypto / web3
  [
    "x-token-holders",
    "HolderScope",
    "Ranked holder lists for any ERC-20 or SPL token: balances, percent of supply, first-acquired block and holder-count history. Supports Ethereum, Base, Arbitrum, Optimism, Polygon and Solana.",
    "data.crypto",
  ],
  [
    "x-wallet-portfolio",
    "Walletlens Portfolio API",
    "Multichain wallet balances with USD valuation across 40+ EVM chains and Solana, including DeFi positions and NFTs. One call per address, JSON response with a per-chain breakdown.",
    "data.crypto",
  ],
  [
    "x-dex-swap",
    "SwapRoute Aggregator",
    "Best-execution swap quotes aggregated from 120+ DEXs on Ethereum, Base, Arbitrum and BNB Chain. Returns expected output, price impact, route split and ready-to-sign calldata.",
    "data.crypto",
  ],
  [
    "x-defi-yields",
    "YieldBoard",
    "APY, TVL and reward-token data for 9,000+ lending, staking and liquidity pools across Aave, Compound, Curve, Pendle, Morpho and more. Updated hourly with 90-day history.",
    "data.crypto",
  ],
  [
    "x-nft-floor",
    "FloorWatch NFT Data",
    "Collection floor prices, 24h volume, recent sales and active listings for NFT collections on Ethereum, Base, Solana and Bitcoin Ordinals, aggregated across OpenSea, Blur, Magic Eden and Tensor.",
    "data.crypto",
  ],
  [
    "x-bridge",
    "HopGate Bridge API",
    "Quote and execute cross-chain transfers across 25 networks via Across, Stargate, CCTP and Relay, with fee and ETA estimates and status tracking until funds arrive.",
    "data.crypto",
  ],
  [
    "x-contract-audit",
    "AuditPilot",
    "Automated security review of Solidity and Vyper smart contracts: reentrancy, access control, unchecked calls, oracle manipulation and 150+ detectors, with severity-ranked findings and fix suggestions. Submit source or a verified address.",
    "compute.code",
  ],
  [
    "x-token-launch",
    "LaunchForge",
    "Create and deploy a new ERC-20 token on Base or an SPL token on Solana in one call: name, ticker, supply and logo, with optional bonding curve and automatic liquidity pool seeding.",
    "agent.tools",
  ],
  [
    "x-tx-decoder",
    "TxExplain",
    "Turns a raw transaction hash into a plain-language summary: decoded function calls, token transfers, approvals, internal calls and balance changes per address. EVM chains and Solana.",
    "data.crypto",
  ],
  [
    "x-gas-oracle",
    "GasNow Oracle",
    "Real-time gas fee estimates (slow / standard / fast, base fee and priority fee in gwei) for Ethereum mainnet and 30 L2s, plus block-by-block history and next-block predictions.",
    "data.crypto",
  ],
  [
    "x-token-price",
    "TokenTicker",
    "Live and historical prices for 2 million tokens by symbol or contract address, with OHLCV candles from 1 minute to 1 day, market cap and 24h volume.",
    "data.crypto",
  ],
  [
    "x-rug-check",
    "RugRadar",
    "Token risk scoring for new launches: honeypot simulation, buy/sell tax, mint and freeze authority, liquidity lock status, deployer history and proxy upgradeability. Returns a 0-100 risk score with reasons.",
    "data.crypto",
  ],
  [
    "x-ens-resolve",
    "NameBridge Resolver",
    "Forward and reverse resolution for ENS, Basenames, Unstoppable Domains and SNS: name to address, address to primary name, avatar and text records.",
    "data.crypto",
  ],
  [
    "x-prediction-markets",
    "OddsOracle Markets",
    "Current prices, implied probabilities, volume and order books for Polymarket and Kalshi contracts, searchable by topic, with resolution dates and price history.",
    "data.finance",
  ],
  [
    "x-ipfs-pin",
    "PinVault",
    "Upload files and JSON to IPFS and keep them pinned across redundant nodes, with dedicated gateway URLs, CID lookup and Filecoin archival deals.",
    "storage.files",
  ],
  // AI-agent tooling
  [
    "x-llm-gateway",
    "RelayLLM",
    "OpenAI-compatible chat completions endpoint serving 200+ models (GPT, Claude, Llama, Qwen, Mistral) with streaming, tool calling and JSON mode. Pay per token, no account needed.",
    "compute.inference",
  ],
  [
    "x-agent-memory",
    "Recall Memory",
    "Long-term memory for agents: store facts, conversations and documents per user, then retrieve the most relevant items by semantic similarity. Automatic deduplication, TTLs and namespaces.",
    "agent.tools",
  ],
  [
    "x-headless-browser",
    "Cloud Browser Sessions",
    "Remote Chromium sessions driven by API or CDP: navigate, click, type, fill forms, log in, solve captchas and take screenshots. Residential proxies and session persistence included.",
    "web.browser",
  ],
  [
    "x-web-search",
    "Searchlight API",
    "Web search results in JSON: titles, URLs, snippets and optional full-page content for the top results. Supports freshness filters, site restrictions and 40 regions.",
    "web.search",
  ],
  [
    "x-scrape-markdown",
    "Page2MD",
    "Fetch any URL and get clean Markdown or plain text back, with boilerplate, navigation and ads removed. JavaScript rendering, metadata extraction and batch mode for up to 100 URLs.",
    "web.scrape",
  ],
  [
    "x-code-sandbox",
    "BoxRun Sandbox",
    "Execute Python, JavaScript or Bash in an isolated, ephemeral micro-VM with pip/npm packages, file upload and a 5-minute runtime. Returns stdout, stderr, generated files and charts.",
    "compute.code",
  ],
  [
    "x-doc-extract",
    "DocParse",
    "Extract structured fields from PDFs, scans and photos of invoices, receipts, contracts and forms. OCR in 60 languages, table detection and JSON output following your schema.",
    "compute.other",
  ],
  [
    "x-image-gen",
    "Pixelsmith",
    "Text-to-image generation with Flux, SDXL and Imagen models: up to 2048px, aspect-ratio control, negative prompts, seeds and inpainting. Returns PNG or WebP URLs.",
    "compute.image",
  ],
  [
    "x-tts",
    "VoiceCraft TTS",
    "Natural text-to-speech in 30 languages and 400 voices, with emotion and speed controls, SSML support and MP3/WAV/Opus output. Voice cloning from a 30-second sample.",
    "compute.audio",
  ],
  [
    "x-transcribe",
    "ScribeAI",
    "Speech-to-text for audio and video files up to 4 hours: word-level timestamps, speaker diarization, 99 languages, SRT/VTT export and automatic punctuation.",
    "compute.audio",
  ],
  [
    "x-video-gen",
    "MotionMaker",
    "Generate 5-10 second video clips from a text prompt or a still image, in 720p or 1080p, with camera-motion presets. Powered by Veo, Kling and Wan models.",
    "compute.image",
  ],
  [
    "x-youtube-transcript",
    "TubeText",
    "Captions and transcripts of YouTube videos by URL or ID, in the original language or auto-translated, with timestamps, plus video title, channel and view count.",
    "web.scrape",
  ],
  // other data feeds and actions
  [
    "x-weather-forecast",
    "Meteo Forecast API",
    "Hourly and 14-day daily forecasts for any coordinates worldwide: temperature, precipitation probability, wind, humidity, UV index and severe-weather alerts. Historical observations back to 1950.",
    "data.weather",
  ],
  [
    "x-air-quality",
    "BreatheIndex",
    "Air quality index, PM2.5, PM10, ozone, NO2 and pollen counts from 30,000 monitoring stations, current and 5-day forecast, by city or coordinates.",
    "data.weather",
  ],
  [
    "x-stock-quotes",
    "TickerTape Equities",
    "Real-time and end-of-day quotes for US, European and Asian stocks and ETFs: price, volume, market cap, P/E, dividends and 20 years of daily history.",
    "data.finance",
  ],
  [
    "x-fx-rates",
    "FXBase",
    "Exchange rates for 170 fiat currencies and precious metals, updated every 60 seconds, with a conversion endpoint and historical rates since 1999.",
    "data.finance",
  ],
  [
    "x-sec-filings",
    "EdgarStream",
    "Full-text search and parsed data from SEC EDGAR: 10-K, 10-Q, 8-K, S-1, Form 4 insider transactions and 13F holdings, delivered as JSON within minutes of publication.",
    "data.company",
  ],
  [
    "x-company-enrich",
    "FirmoGraph",
    "Company profiles from a domain or name: industry, headcount, revenue range, founding year, HQ location, tech stack, funding rounds and social links for 60M businesses.",
    "data.company",
  ],
  [
    "x-email-finder",
    "ContactHound",
    "Find a person's professional email address from their name and company domain, with a confidence score and sources. Also returns job title and LinkedIn URL when available.",
    "data.people",
  ],
  [
    "x-email-verify",
    "MailProbe",
    "Email address validation: syntax, MX records, SMTP mailbox check, disposable and role-account detection, catch-all flag. Single checks or bulk jobs of up to 50,000 addresses.",
    "identity.email",
  ],
  [
    "x-kyc-id",
    "VerifyMe ID",
    "Identity verification from a government ID photo and a selfie: document authenticity checks for 200+ countries, face match, liveness detection and data extraction.",
    "identity.kyc",
  ],
  [
    "x-sanctions-screen",
    "ClearList AML",
    "Screen people, companies and crypto wallet addresses against OFAC, UN, EU and UK sanctions lists, PEP databases and adverse media. Fuzzy name matching with match scores.",
    "identity.kyc",
  ],
  [
    "x-geocode",
    "GeoPin",
    "Forward and reverse geocoding: convert street addresses into latitude/longitude and coordinates back into structured addresses, worldwide, with rooftop accuracy where available.",
    "data.maps",
  ],
  [
    "x-routing",
    "RoutePlanner API",
    "Turn-by-turn directions, travel time and distance for driving, cycling, walking and trucks, with live traffic, toll avoidance, multi-stop optimization and isochrones.",
    "data.maps",
  ],
  [
    "x-places",
    "PlaceFinder",
    "Search 200M points of interest by category, keyword or radius: restaurants, cafes, shops, pharmacies, gas stations. Returns opening hours, ratings, phone numbers and photos.",
    "data.maps",
  ],
  [
    "x-flight-search",
    "FareFinder Flights",
    "Search flight fares across 700 airlines: one-way, round-trip and multi-city, with cabin class, baggage fees and flexible-date price calendars.",
    "data.other",
  ],
  [
    "x-flight-status",
    "AirTrack Live",
    "Real-time flight status and positions: scheduled and actual departure and arrival times, delays, gate and terminal, aircraft type and live ADS-B location for commercial flights worldwide.",
    "data.other",
  ],
  [
    "x-hotels",
    "StayRates",
    "Hotel availability and nightly rates for 1.5M properties across major booking sites, with room types, cancellation policies, guest scores and price comparison.",
    "data.other",
  ],
  [
    "x-news",
    "Newswire Feed",
    "Articles from 80,000 news publishers in 50 languages, filterable by keyword, source, country and date, with full text, entities and sentiment. Updated every 5 minutes.",
    "data.news",
  ],
  [
    "x-sports-scores",
    "ScoreHub",
    "Live scores, fixtures, lineups, standings and player statistics for football, basketball, baseball, American football, tennis and cricket, covering 1,200 leagues with second-by-second updates.",
    "data.sports",
  ],
  [
    "x-social-x",
    "XPulse Social Data",
    "Search posts on X (Twitter), fetch user profiles, follower counts, timelines, replies and engagement metrics without an official API key. Filter by date, language and minimum likes.",
    "data.other",
  ],
  [
    "x-shipping",
    "ParcelRate",
    "Compare shipping rates from USPS, UPS, FedEx, DHL and 80 regional carriers, buy and print labels, and track packages with event-level updates.",
    "commerce.shipping",
  ],
  [
    "x-product-prices",
    "PriceHistory",
    "Product data from Amazon, Walmart, Target and Best Buy by URL, ASIN or UPC: current price, price history, seller offers, ratings and stock status.",
    "commerce.products",
  ],
  [
    "x-sms",
    "TextBlast SMS",
    "Send SMS and MMS to 190+ countries from a shared or dedicated number, with delivery receipts, inbound replies via webhook and OTP templates.",
    "communication.sms",
  ],
  [
    "x-papers",
    "ScholarIndex",
    "Search 250M academic papers and preprints from arXiv, PubMed, Semantic Scholar and Crossref: abstracts, authors, citations, DOIs and open-access PDF links.",
    "data.science",
  ],
  [
    "x-vin-decode",
    "VINsight",
    "Decode any 17-character VIN into make, model, year, trim, engine, transmission and factory options, plus recall notices and market value estimates for US and Canadian vehicles.",
    "data.other",
  ],
  [
    "x-domain-whois",
    "DomainScope",
    "Domain name availability checks across 1,000 TLDs, WHOIS/RDAP ownership records, registration and expiry dates, DNS records and historical WHOIS.",
    "data.other",
  ],
  // near-duplicate competitors
  [
    "x-coinpulse",
    "CoinPulse Market Data",
    "Crypto market data: spot prices, candlestick charts, market capitalization and trading volume for every listed coin and on-chain token, streamed or on request.",
    "data.crypto",
  ],
  [
    "x-seekr",
    "Seekr",
    "Query the open web and get ranked links with summaries as JSON. News, images and video verticals; results localized by country and language.",
    "web.search",
  ],
  [
    "x-pagepull",
    "PagePull Reader",
    "Readable content from any web page: we render the site, strip menus and cookie banners, and return the article body as text or Markdown with title, author and date.",
    "web.scrape",
  ],
  [
    "x-skycast",
    "SkyCast Weather",
    "Weather forecasts by city, postcode or lat/lon: next 48 hours by the hour and 10 days by the day, with rain, snow, wind gusts and feels-like temperatures.",
    "data.weather",
  ],
  [
    "x-modelmesh",
    "ModelMesh Inference",
    "One API for open and proprietary language models: send messages, get completions. Routes to the cheapest available provider and supports function calls and streaming.",
    "compute.inference",
  ],
  [
    "x-chainfolio",
    "Chainfolio",
    "See everything an address holds: native coins, tokens, staked and LP positions and NFTs across Ethereum, Base, Polygon, Solana and more, priced in USD.",
    "data.crypto",
  ],
  [
    "x-bouncecheck",
    "BounceCheck",
    "Clean your mailing list before you send: tells you whether each address exists and can receive mail, and flags throwaway and catch-all domains.",
    "identity.email",
  ],
  [
    "x-scoreline",
    "Scoreline Sports Data",
    "Match results, live in-game scores, league tables and team and player stats for soccer, NBA, NFL, MLB, NHL and tennis.",
    "data.sports",
  ],
];

export const SIXTH_DUPLICATES: Record<string, string> = {
  "x-coinpulse": "x-token-price",
  "x-seekr": "x-web-search",
  "x-pagepull": "x-scrape-markdown",
  "x-skycast": "x-weather-forecast",
  "x-modelmesh": "x-llm-gateway",
  "x-chainfolio": "x-wallet-portfolio",
  "x-bouncecheck": "x-email-verify",
  "x-scoreline": "x-sports-scores",
};

export const SIXTH_NEEDS: [need: string, key: string][] = [
  ["who owns the most DEGEN on base? top 25 addresses and their share", "x-token-holders"],
  [
    "How concentrated is BONK ownership: what fraction of all the coins sits in the ten biggest wallets, and has the number of wallets owning any of it grown since January?",
    "x-token-holders",
  ],
  [
    "what is 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 worth right now across every network, counting anything it has staked or lent out",
    "x-wallet-portfolio",
  ],
  [
    "I want to trade 2.5 ETH for USDC on Arbitrum. Which venue gives me the most dollars back, and can you hand me the transaction so my wallet just signs it?",
    "x-dex-swap",
  ],
  [
    "where can I earn the most interest on idle USDC, lending only, protocols holding over $50M",
    "x-defi-yields",
  ],
  ["cheapest Pudgy Penguin for sale and what they went for this week", "x-nft-floor"],
  ["move 500 USDC from Base to Solana", "x-bridge"],
  [
    "Before we go live on mainnet, have this Solidity vault checked for bugs an attacker could exploit to drain deposits; rank what you find by how bad it is.",
    "x-contract-audit",
  ],
  [
    "spin up a memecoin called Based Frog, symbol BFROG, one billion units on base, and seed a pool so people can buy it straight away",
    "x-token-launch",
  ],
  [
    "what did 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060 actually do? explain it like I'm not a dev",
    "x-tx-decoder",
  ],
  ["how pricey is it to send something on ethereum right now, or should I wait an hour?", "x-gas-oracle"],
  ["PEPE price plus hourly chart data for the last 3 days", "x-token-price"],
  ["is 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU on solana a scam coin?", "x-rug-check"],
  [
    "About to ape into a brand-new coin on Base, contract 0x4f9fd6be4a90f2620860d680c0d4d5fb53d1a825. Can the dev still print more of it or stop me from selling later?",
    "x-rug-check",
  ],
  ["which address does vitalik.eth point to", "x-ens-resolve"],
  ["what are the betting markets giving for a Fed rate cut in December?", "x-prediction-markets"],
  [
    "keep this NFT metadata json on decentralized storage so it doesn't depend on our server, and give me the content address to put in tokenURI",
    "x-ipfs-pin",
  ],
  ["send this prompt to a big language model and stream the reply back", "x-llm-gateway"],
  [
    "I need to ask Llama 3.1 70B and Claude Sonnet the exact same question and compare their answers, paying per use since I don't have my own keys for either.",
    "x-llm-gateway",
  ],
  [
    "Remember that this user is vegetarian and lives in Lisbon, and bring that back up next week when they ask me for dinner ideas.",
    "x-agent-memory",
  ],
  [
    "log into our supplier portal with these credentials, open the orders tab and download last month's statement",
    "x-headless-browser",
  ],
  ["find blog posts from the last month comparing Rust web frameworks", "x-web-search"],
  [
    "give me just the words of this article, none of the junk around it: https://www.theverge.com/2026/11/20/ai-glasses-review",
    "x-scrape-markdown",
  ],
  [
    "I'm feeding 40 documentation pages into a RAG pipeline; pull the readable body of each URL so I can chunk it without menus, footers and cookie banners.",
    "x-scrape-markdown",
  ],
  ["run this pandas script on the attached csv and send me the plot it makes", "x-code-sandbox"],
  ["execute `import sympy; print(sympy.factorint(2**64+1))` and tell me what it prints", "x-code-sandbox"],
  [
    "I have 300 photographed paper bills from suppliers; read the vendor, due date and amount owed off each one and give them back as rows I can load into a spreadsheet.",
    "x-doc-extract",
  ],
  ["make me a picture of a corgi astronaut on the moon, watercolor, 16:9", "x-image-gen"],
  ["read this paragraph out loud in a warm British woman's voice and give me the audio file", "x-tts"],
  [
    "Here's a 90-minute recording of our board meeting. I need a written record of who said what, with the time each person spoke.",
    "x-transcribe",
  ],
  ["animate this product photo into a short clip where the camera slowly circles it", "x-video-gen"],
  [
    "what is actually said in https://www.youtube.com/watch?v=dQw4w9WgXcQ? I want the spoken words, not a summary",
    "x-youtube-transcript",
  ],
  ["will it rain in Edinburgh Saturday?", "x-weather-forecast"],
  [
    "We're hiking up Mount Rainier from the Paradise trailhead on the 14th; what temperatures, gusts and chance of thunderstorms should we expect hour by hour that day?",
    "x-weather-forecast",
  ],
  ["is the smog in Delhi bad enough today that I should skip my run outside?", "x-air-quality"],
  ["NVDA price now", "x-stock-quotes"],
  [
    "Give me Apple, Microsoft and Toyota closing prices for every trading day over the last five years, plus what each is valued at relative to its earnings today.",
    "x-stock-quotes",
  ],
  ["how many Japanese yen do I get for 250 euros today", "x-fx-rates"],
  [
    "did any Tesla directors dump shares last month according to their regulatory disclosures?",
    "x-sec-filings",
  ],
  [
    "tell me about the business behind stripe.com: how many people work there, where it's based and how much money it has raised",
    "x-company-enrich",
  ],
  ["how do I reach Priya Raman at notion.so by email?", "x-email-finder"],
  [
    "Before the newsletter goes out tomorrow, check our list of 12,000 contacts for dead, fake or throwaway inboxes so we don't wreck our sender reputation.",
    "x-email-verify",
  ],
  [
    "onboard a new user: confirm the passport they uploaded is genuine and that the selfie is the same person",
    "x-kyc-id",
  ],
  [
    "Are we allowed to do business with Rostec Trading LLC and its director, or do they appear on any US or EU government blocked-persons list?",
    "x-sanctions-screen",
  ],
  ["lat/long for 1600 Pennsylvania Ave NW, Washington DC", "x-geocode"],
  ["how long is the drive from Lyon to Geneva right now with traffic?", "x-routing"],
  [
    "Plan the most efficient order for our delivery van to visit these nine addresses in Austin this afternoon, staying off toll roads, and tell me the total time.",
    "x-routing",
  ],
  ["pharmacy open late near Shibuya station", "x-places"],
  ["cheapest round trip JFK to Lisbon, second week of March, economy", "x-flight-search"],
  ["is BA283 from Heathrow running late today?", "x-flight-status"],
  [
    "find me somewhere to stay in Kyoto for three nights from April 2, under $200 a night, refundable if our plans change",
    "x-hotels",
  ],
  ["what are German papers reporting this week about the Volkswagen plant closures?", "x-news"],
  ["what's the score in the Arsenal match right now?", "x-sports-scores"],
  ["pull the latest posts from @VitalikButerin and how many likes each one got", "x-social-x"],
  ["how much to send a 3 kg box from Chicago to Toronto, and who's cheapest?", "x-shipping"],
  [
    "Has the Sony WH-1000XM5 been cheaper on Amazon at any point in the last six months? I want to know whether today's 'deal' is real before I buy.",
    "x-product-prices",
  ],
  ["text +1 415 555 0199 that their appointment is confirmed for 3pm", "x-sms"],
  ["find peer-reviewed studies on GLP-1 drugs and muscle loss published since 2023", "x-papers"],
  ["what car is 1HGCM82633A004352? year, engine and trim", "x-vin-decode"],
  ["is tollgatepay.com taken? if so who owns it and when does it lapse", "x-domain-whois"],
];

export const SIXTH_UNSERVED: string[] = [
  // near a listed topic, but a different function
  "delegate my 500 ATOM to a Cosmos validator with low commission",
  "buy the cheapest Azuki on the market for me right now, up to 6 ETH",
  "cancel my flight booking XK7P2Q and request a refund to my card",
  "book a table for four at an Italian place in Soho at 8pm Friday",
  "place a limit order to buy 20 shares of AMD at $140",
  "Call this patient's phone number and leave a spoken voicemail reminding them of tomorrow's 9am dental appointment.",
  "register tollgatepay.xyz for two years and point it at our nameservers",
  "file a damage claim with FedEx for a parcel that arrived with a broken screen, tracking 7749 2210 3365",
  "revoke all the token spending permissions my wallet gave to old DeFi apps",
  "watch this wallet and ping me on Telegram whenever it moves more than $10k",
  // areas not in the set
  "what is 42 Elm Street, Somerville MA worth and when did it last sell?",
  "nutrition facts for a Big Mac: calories, protein, sodium",
  "identify the song playing in this 10-second audio clip",
  "Check the patent landscape for solid-state battery electrolytes: granted patents and applications filed since 2020, with assignees and claims.",
  "current day-ahead electricity spot price on the German grid",
  "is it safe to take ibuprofen while on warfarin?",
  "what sales tax rate applies to an order shipped to 90210?",
  "find job openings for senior Rust engineers in Berlin paying over €90k",
  "list Brazil's public holidays for 2027, national and state",
  "does my Netgear R7000 router firmware have any known CVEs?",
];
