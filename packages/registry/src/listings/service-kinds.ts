/**
 * The kinds of paid API an agent buys, each with the words a need uses to ask for it (`asks`: colloquial and
 * indirect, "will I need an umbrella") and the words a listing uses to sell it (`offers`: "precipitation
 * forecast"). The matcher (kinds.ts) maps a need and each listing to kinds by stemmed phrase and counts the
 * kinds they share as evidence (ADR 0002). Written from general knowledge of API catalogues and of how people
 * ask, for the taxonomy as a whole; never for a particular listing or need of our own labelled set.
 *
 * Phrases are separated by `|`; each is matched as whole words after stemming (kinds.ts `normalise`), so
 * "forecast" also finds "forecasts" and "forecasting". Words that name many kinds at once ("price", "rate",
 * "score", "token", "address") appear only inside phrases.
 */
export interface ServiceKind {
  id: string;
  /** The taxonomy's category this kind usually sits in (a hint for the need's likely categories). */
  category: string;
  asks: string;
  offers: string;
}

const k = (id: string, category: string, asks: string, offers: string): ServiceKind => ({
  id,
  category,
  asks,
  offers,
});

export const SERVICE_KINDS: readonly ServiceKind[] = [
  // ---- weather ----------------------------------------------------------------------------------
  k(
    "weather.forecast",
    "data.weather",
    "will it rain|is it going to rain|rain|raining|snow|snowing|umbrella|raincoat|how hot|how cold|sunny|cloudy|windy|weather tomorrow|weather this weekend|weather|temperature outside|freezing|frost|heat wave|hot tomorrow|cold tomorrow|what to wear",
    "weather forecast|forecast|hourly forecast|daily forecast|precipitation|temperature|wind speed|humidity|dew point|uv index|meteorological|meteo|current conditions|weather conditions|feels like|cloud cover|outlook",
  ),
  k(
    "weather.alerts",
    "data.weather",
    "storm coming|hurricane|tornado|typhoon|cyclone|blizzard|flooding|flood|lightning|thunderstorm|wildfire|fire danger|evacuate|dangerous weather",
    "severe weather|weather alert|weather warning|storm warning|storm tracking|flood warning|hazard alert|emergency alert|river level",
  ),
  k(
    "weather.history",
    "data.weather",
    "last year weather|weather last|was it raining|how much did it rain|rainfall last|climate change|average temperature|typical weather|hottest|coldest|record temperature",
    "historical weather|weather history|weather archive|climate data|climate normal|past observation|degree day|reanalysis|historical observation|climate record|weather observations|historical daily|observations since|what was the weather|weather on a past date",
  ),
  k(
    "weather.air_quality",
    "data.weather",
    "smog|pollution|polluted|air quality|safe to breathe|breathe|haze|hazy|pollen|allergy|allergies|hay fever|smoke|dust|asthma",
    "aqi|air quality index|pm2|pm10|particulate|ozone|no2|nitrogen dioxide|pollutant|pollen count|air pollution|emission monitoring",
  ),
  k(
    "weather.marine",
    "data.weather",
    "tide|tides|high tide|low tide|surf|surfing|waves|beach|sailing|boating|fishing trip|sea conditions",
    "tide table|tide prediction|tidal|marine forecast|wave height|swell|sea state|water level|ocean conditions|buoy|surf report|coastal",
  ),
  k(
    "weather.solar",
    "data.weather",
    "how much power will my solar panels|solar panels|how sunny|hours of sun|sunny hours",
    "solar irradiance|irradiance|sunshine|sunshine duration|photovoltaic|pv output|pv yield|solar power|solar energy|solar forecast|ghi",
  ),
  k(
    "news.archive",
    "data.news",
    "back then|at the time|in the past",
    "news archive|newspaper archive|newspaper archives|archived news|historical news|historical newspapers|newspaper|newspapers|past coverage|archive search",
  ),
  k(
    "news.press_releases",
    "data.news",
    "company announcements|official announcement|announced",
    "press release|press releases|newswire|corporate announcements|investor relations|wire service|cross the wire",
  ),
  k(
    "maps.reverse_geocode",
    "data.maps",
    "where am i|my location|my current location|which street|what address is|what place is at",
    "reverse geocoding|reverse geocode|coordinates to address|coordinates to an address|nearest address|nearest postal address|point to address|gps|gps position",
  ),
  k(
    "maps.isochrone",
    "data.maps",
    "how far can i get|reachable|where can i reach",
    "isochrone|isochrones|reachable area|reachability|area reachable|travel time polygon|service area|catchment area|within * minutes",
  ),
  // ---- finance -------------------------------------------------------------------------------------
  k(
    "finance.stock_quote",
    "data.finance",
    "trading at|trade at|trades at|share price|stock price|how much is a share|how are shares|stock doing|stock market|shares of|price of stock|stocks",
    "stock quote|equity quote|real-time quote|delayed quote|ticker|tickers|equities|equity|last trade|bid and ask|bid ask|intraday|nasdaq|nyse|stock exchange|share prices|stock prices|stock quotes|stock market data",
  ),
  k(
    "finance.price_history",
    "data.finance",
    "how has the stock moved|price chart|chart of|performance over|past prices|last month prices|year to date",
    "ohlc|ohlcv|candle|candlestick|historical prices|price history|end of day|eod|daily bars|historical quotes|backtest",
  ),
  k(
    "finance.fundamentals",
    "data.finance",
    "profit|profits|profitable|how much money did|make money|made money|revenue|revenues|sales last quarter|turnover|losing money|net income|margin|margins|is the company profitable",
    "fundamentals|financial statement|financial statements|income statement|balance sheet|cash flow|earnings per share|quarterly results|annual results|financials|p/e|reported earnings|financial data|company valuation",
  ),
  k(
    "finance.earnings_calendar",
    "data.finance",
    "when does report|when do they report|next earnings|report earnings|upcoming earnings|earnings date",
    "earnings calendar|earnings date|earnings dates|earnings call|earnings announcement|report date|corporate events|ipo calendar|economic calendar|analyst estimates|eps estimates|consensus estimates|release dates|when does * report|when will * report",
  ),
  k(
    "finance.sec_filings",
    "data.finance",
    "insider buying|insider selling|insiders|what did they file|regulator filing|annual report|disclosures",
    "sec filing|sec filings|edgar|10-k|10-q|8-k|form 4|13f|insider trading|insider transactions|regulatory filing|regulatory filings|proxy statement|prospectus|s-1|company filings",
  ),
  k(
    "finance.fx",
    "data.finance",
    "in euros|in pounds|in yen|to euros|to dollars|to yen|euros|euro|yen|pounds|francs|pesos|rupees|yuan|convert money|currency|foreign money|exchange money|travel money",
    "exchange rate|exchange rates|fx|forex|currency conversion|currency converter|currencies|fx rate|fx rates|cross rate|usd|eur|gbp|jpy|conversion rate",
  ),
  k(
    "finance.macro",
    "data.finance",
    "inflation|cost of living|economy|recession|unemployment|jobs report|interest rate decision|central bank|fed|is the economy",
    "macroeconomic|economic indicators|cpi|gdp|consumer price index|unemployment rate|economic data|fred|central bank rates|policy rate",
  ),
  k(
    "finance.bonds_rates",
    "data.finance",
    "mortgage rate|mortgage rates|interest rate|interest rates|borrowing cost|bond|bonds|treasury",
    "bond yields|treasury yields|yield curve|fixed income|sofr|libor|interest rate data|bond prices|credit spreads",
  ),
  k(
    "finance.options",
    "data.finance",
    "calls and puts|call options|put options|options on",
    "options chain|option chain|implied volatility|greeks|strike|derivatives|options data|open interest",
  ),
  k(
    "finance.dividends",
    "data.finance",
    "dividend|dividends|pays out|payout",
    "dividend history|dividend yield|ex-dividend|dividend calendar|stock splits|corporate actions",
  ),
  k(
    "finance.commodities",
    "data.finance",
    "gold|silver|oil price|price of oil|barrel|wheat|corn|copper|coffee price",
    "commodity|commodities|precious metals|crude|brent|wti|futures|metals prices",
  ),
  k(
    "finance.credit",
    "data.finance",
    "creditworthy|credit score|can they pay|will they default|credit history|trust them to pay",
    "credit rating|credit report|credit risk|credit check|default risk|credit scoring",
  ),
  k(
    "finance.banking",
    "data.finance",
    "bank account number|which bank|bank details|card number",
    "iban|swift|bic|routing number|sort code|bank account verification|bin lookup|card bin|bank lookup|open banking|bank transactions",
  ),
  k(
    "finance.tax",
    "data.government",
    "how much tax|tax on|vat rate|sales tax rate|tax rate",
    "vat rates|sales tax|tax rates|tax calculation|tax jurisdiction|tax compliance",
  ),
  k(
    "commerce.payments",
    "commerce.products",
    "get paid|accept payments|charge a customer|bill a customer|pay someone|send money|invoice a client",
    "payment processing|payment link|payment links|checkout|payouts|payments api|card payments|subscriptions billing|refunds",
  ),
  // ---- crypto ---------------------------------------------------------------------------------------
  k(
    "crypto.price",
    "data.crypto",
    "how much is bitcoin|bitcoin|btc|ethereum|eth|solana|sol|dogecoin|doge|crypto|cryptocurrency|coin|coins|altcoin|altcoins|memecoin|price of a coin|token price",
    "crypto price|crypto prices|cryptocurrency prices|coin prices|token prices|market cap|market capitalisation|market capitalization|crypto market data|trading pairs|24h volume",
  ),
  k(
    "crypto.wallet",
    "data.crypto",
    "what is in this wallet|what does this wallet hold|how much does this address hold|wallet|my holdings|my bags|net worth|what do i own|holdings",
    "wallet balance|wallet balances|token balances|portfolio|portfolio tracking|holdings|address balance|net worth|multi-chain portfolio|wallet analytics",
  ),
  k(
    "crypto.security",
    "data.crypto",
    "rug|rug pull|rugpull|scam|scams|scam coin|is this token safe|is this coin safe|safe to buy|honeypot|can i sell|dodgy|drainer|phishing|hacked|exploit",
    "token security|contract security|security audit|honeypot detection|risk score|risk scoring|malicious contract|scam detection|rug check|contract risk|address screening|approval risk|smart contract audit",
  ),
  k(
    "crypto.nft",
    "data.crypto",
    "bored ape|bored apes|apes|punks|cryptopunks|azuki|pudgy|pfp|jpeg|jpegs|digital art|collectibles|opensea|minted|mint",
    "nft|nfts|nft collection|nft collections|floor price|floor prices|collection stats|nft metadata|nft sales|non-fungible|erc-721|erc-1155|traits|rarity",
  ),
  k(
    "crypto.gas",
    "data.crypto",
    "cost to send a transaction|fees to send|how expensive is it to transact|network busy|cheapest time to transact",
    "gas price|gas prices|gas fee|gas fees|gwei|base fee|priority fee|fee estimate|fee estimation|transaction fees|network fees|gas oracle|gas tracker",
  ),
  k(
    "crypto.defi_yield",
    "data.crypto",
    "earn interest on|passive income|where to stake|best yield|farming|stake|staking|lend my|lending",
    "apy|apr|defi|yield farming|staking rewards|lending rates|liquidity pool|liquidity pools|tvl|total value locked|vault|vaults|protocol yields|defi yields|staking yield",
  ),
  k(
    "crypto.transactions",
    "data.crypto",
    "did my transaction go through|did it confirm|stuck transaction|where did my crypto go|sent crypto|transfer went through|who sent",
    "transaction hash|tx hash|txid|transaction lookup|transaction status|transaction history|confirmations|block explorer|explorer|on-chain transactions|transfers|decoded transactions|onchain",
  ),
  k(
    "crypto.ens",
    "data.crypto",
    "vitalik eth|dot eth|eth name|who owns this name|name to address",
    "ens|ens name|ens names|ethereum name service|reverse resolution|resolve names|name resolution|domain names on chain|basename|unstoppable domains",
  ),
  k(
    "crypto.swap",
    "data.crypto",
    "swap|exchange my tokens|best rate to swap|trade tokens|convert my eth",
    "dex|dex aggregator|swap quote|swap quotes|swap routing|slippage|liquidity routing|uniswap|amm|best execution",
  ),
  k(
    "crypto.onchain_analytics",
    "data.crypto",
    "whale|whales|smart money|who holds|who is buying|big holders",
    "token holders|holder distribution|on-chain analytics|onchain analytics|wallet labels|exchange flows|inflows|outflows|fund flows|whale tracking|holder data",
  ),
  k(
    "crypto.contracts",
    "data.crypto",
    "what does this contract do|read a contract",
    "smart contract|smart contracts|abi|contract source|verified contract|calldata|bytecode|contract metadata|token metadata|erc-20|decode calldata",
  ),
  k(
    "crypto.prediction_markets",
    "data.crypto",
    "chances that|probability that|who will win the election|bet on outcomes",
    "prediction market|prediction markets|polymarket|kalshi|market odds|event contracts|outcome probabilities",
  ),
  // ---- maps and places --------------------------------------------------------------------------------
  k(
    "maps.geocode",
    "data.maps",
    "coordinates of|gps coordinates|what are the coordinates|lat long|find this address|where exactly is|postcode of|zip code of|zip code for",
    "geocoding|geocode|reverse geocoding|latitude|longitude|coordinates|lat/lng|address lookup|address to coordinates|postal codes|postcodes|zip codes|address geocoding",
  ),
  k(
    "maps.address_validation",
    "data.maps",
    "is this address real|does this address exist|fix this address|complete the address",
    "address validation|address verification|address autocomplete|address standardisation|address standardization|deliverable address|postal address|address normalisation|address normalization",
  ),
  k(
    "maps.routing",
    "data.maps",
    "how do i get to|how to get to|how long to drive|how long does it take to get|how far|drive to|walk to|cycle to|directions to|fastest way|best way to get|commute",
    "routing|directions|route|routes|turn-by-turn|travel time|travel times|distance matrix|eta|isochrone|navigation|walking|route optimisation|route optimization|driving directions|cycling directions|bicycle|on foot|by car",
  ),
  k(
    "maps.places",
    "data.maps",
    "near me|nearby|around here|close to|restaurants|restaurant|cafe|pharmacy|open now|where can i eat|places to|somewhere to eat|shops near",
    "places|points of interest|poi|place search|local search|business listings|opening hours|place details|venues|nearby search|coffee shop",
  ),
  k(
    "maps.ip",
    "data.maps",
    "where is this ip|who is behind this ip|which country is this visitor|where are my visitors|is this a vpn|ip address",
    "ip geolocation|ip lookup|ip location|ip to country|ip intelligence|asn|isp|vpn detection|proxy detection|ip address|ip reputation",
  ),
  k(
    "maps.timezone",
    "data.maps",
    "what time is it in|local time in|time difference|is it daytime",
    "time zone|time zones|timezone|timezones|utc offset|daylight saving|dst|local time|tz database",
  ),
  k(
    "maps.elevation",
    "data.maps",
    "how high|above sea level|how tall is the mountain",
    "elevation|altitude|terrain|height above sea level|digital elevation model|dem",
  ),
  k(
    "maps.imagery",
    "data.maps",
    "satellite picture|aerial photo|map picture|what does it look like from above",
    "satellite imagery|aerial imagery|map tiles|static map|map images|earth observation",
  ),
  // ---- news, media, social -----------------------------------------------------------------------------
  k(
    "news.search",
    "data.news",
    "what is happening|what's happening|what happened|latest on|news about|newest stories|in the papers|journalists|what are they saying about",
    "news|headlines|news search|news articles|breaking news|news api|publishers|news feed|media coverage|news monitoring",
  ),
  k(
    "news.sentiment",
    "data.news",
    "what do people think|what people say|reputation|how is the brand perceived|buzz|mood around",
    "sentiment|media monitoring|brand monitoring|mentions|brand mentions|public opinion|share of voice|social listening",
  ),
  k(
    "social.posts",
    "data.news",
    "tweets|tweeted|twitter|reddit|tiktok|instagram|youtube|viral|trending|followers|influencer|influencers",
    "social media|social posts|social media data|hashtags|social profiles|creators|follower counts|engagement metrics|x posts",
  ),
  // ---- sports -------------------------------------------------------------------------------------------
  k(
    "sports.scores",
    "data.sports",
    "who won|who is winning|did win|did they win|did lose|game last night|match last night|final score|the score|game tonight|next game|when do they play|football|soccer|basketball|baseball|hockey|tennis|cricket|rugby|golf|premier league|champions league|world cup|nba|nfl|mlb|nhl|f1|formula 1",
    "live scores|match results|fixtures|standings|league tables|box scores|play-by-play|sports data|game results|match data|sports scores|game scores",
  ),
  k(
    "sports.odds",
    "data.sports",
    "bet|bets|betting|wager|gamble|gambling|who is favourite|favorite to win|punt|parlay",
    "odds|betting odds|sportsbook|sportsbooks|bookmaker|bookmakers|moneyline|point spread|over/under|implied probability|arbitrage",
  ),
  k(
    "sports.stats",
    "data.sports",
    "how many goals|how many points did|best player|top scorer|injured|is he playing|lineup",
    "player stats|player statistics|team stats|career statistics|rosters|injuries|injury reports|lineups|player props|advanced metrics|season statistics|season stats|statistics for players",
  ),
  // ---- companies, people --------------------------------------------------------------------------------
  k(
    "company.enrichment",
    "data.company",
    "what does this company do|who runs|how big is|how many employees|who is the ceo|tell me about the company|what industry|competitors of|who are their customers",
    "company enrichment|firmographics|company data|company profiles|company profile|headcount|employee count|industry classification|company information|business data|b2b data|technographics|company lookup|domain to company|workforce|staff size|number of staff|number of employees",
  ),
  k(
    "company.registry",
    "data.company",
    "is this company real|is this business registered|who owns the company|who owns this company|who are the directors|legally registered",
    "company registry|business registry|company registration|companies house|incorporation|registered office|legal entity|lei|officers|directors|beneficial owners|ubo|kyb|business verification|corporate registry|company number",
  ),
  k(
    "company.funding",
    "data.company",
    "how much did they raise|who invested|investors in|raised money|startup funding|series a",
    "funding rounds|venture capital|investors|startup data|private companies|acquisitions|m&a|valuations|cap table",
  ),
  k(
    "company.tech_stack",
    "data.company",
    "what software does|what is this site built with|which cms|what technology does",
    "tech stack|technology stack|technographics|technologies used|built with|website technologies|frameworks|cms|hosting provider|technology detection|analytics tools",
  ),
  k(
    "company.jobs",
    "data.company",
    "who is hiring|hiring|find a job|work as|openings at|how much do they pay|salary|salaries|career",
    "job postings|job listings|job openings|vacancies|job search|job market|salary data|compensation data|labour market|labor market|recruiting|job board|a job|new job|jobs at|jobs in",
  ),
  k(
    "company.patents",
    "data.company",
    "who invented|has anyone patented|is this idea protected|trademarked",
    "patent|patents|patent search|trademark|trademarks|intellectual property|prior art|uspto|epo|wipo|patent filings|inventors",
  ),
  k(
    "company.reviews",
    "data.company",
    "what do customers think|is it any good|good reviews|bad reviews|is this place good",
    "review data|customer reviews|star ratings|review aggregation|app reviews|trustpilot|yelp|review sentiment|reviews of|business reviews|customer ratings",
  ),
  k(
    "people.enrichment",
    "data.people",
    "who is this person|find a person|find someone|look someone up|about this person|track down|where does work|who works at|reach the ceo|contact the founder|get in touch with",
    "people search|person lookup|contact enrichment|people data|person enrichment|contact data|contact details|professional profiles|linkedin|lead enrichment|leads|prospecting|b2b contacts|decision makers",
  ),
  k(
    "people.email_finder",
    "data.people",
    "email of|email address of|email for|their email|his email|her email|how do i email|what is the email",
    "email finder|email lookup|find email|work email|professional email|email discovery|email pattern",
  ),
  k(
    "people.phone_lookup",
    "data.people",
    "who called me|who is calling|who is behind this number|whose number|who owns this number|unknown number|is this number real|spam call|landline or mobile",
    "reverse phone lookup|phone lookup|caller id|carrier lookup|phone carrier|line type|phone validation|number validation|hlr lookup|phone number intelligence|number lookup|phone reputation|cnam",
  ),
  k(
    "people.background",
    "data.people",
    "criminal record|has this person been arrested|background on|is this person trustworthy",
    "background check|background checks|public records|criminal records|court records search|tenant screening|employment screening",
  ),
  // ---- science, health -----------------------------------------------------------------------------------
  k(
    "science.papers",
    "data.science",
    "studies on|study about|research on|what does the research say|scientific evidence|who has published|academic work|papers about|papers on",
    "research papers|papers|scholarly|academic|citations|citation|journals|journal articles|preprints|arxiv|pubmed|doi|literature search|publications|scientific literature|abstracts",
  ),
  k(
    "science.chemistry",
    "data.science",
    "chemical|chemicals|what is this substance|is this toxic|formula of|molecule|molecules|compound|compounds|melting point|boiling point",
    "chemistry|chemical data|molecular|molecular weight|smiles|inchi|cas number|pubchem|chemical properties|compound data|reactions|toxicology",
  ),
  k(
    "science.genes",
    "data.science",
    "gene|genes|dna|genetic|mutation|mutations|inherited|what does this gene do",
    "genome|genomic|genomics|gene data|sequencing|variants|variant annotation|protein data|uniprot|ensembl|blast|snp|gene expression|bioinformatics|dna sequences|protein sequences|protein structure",
  ),
  k(
    "science.drugs",
    "data.science",
    "medication|medications|medicine|medicines|pill|pills|side effects|can i take|together with|safe to take|dose|dosage|prescription|painkiller|ibuprofen|aspirin|paracetamol",
    "drug|drugs|drug data|drug interactions|drug interaction|pharmaceutical|pharmacology|adverse events|drug labels|fda|ndc|rxnorm|contraindications|active ingredients",
  ),
  k(
    "science.medical",
    "data.science",
    "symptoms|sick|illness|disease|diseases|diagnosis|what is wrong with me|doctor|treatment for|cure",
    "medical|clinical|clinical trials|icd|icd-10|medical codes|diagnoses|health data|medical terminology|snomed|disease data|medical conditions",
  ),
  k(
    "science.astronomy",
    "data.science",
    "planets|planet|moon|mars|iss|space station|rocket|asteroid|comet|eclipse|meteor|what is in the sky|visible tonight|overhead tonight|sunrise|sunset|when does the sun",
    "astronomy|astronomical|ephemeris|ephemerides|celestial|satellite tracking|orbital|orbits|near-earth objects|solar system|nasa|moon phase|sun position|sunrise and sunset|outer space|stars tonight|rocket launch|rocket launches",
  ),
  k(
    "science.earth",
    "data.science",
    "earthquake|earthquakes|quake|tremor|volcano|volcanic|eruption|shaking",
    "seismic|seismology|seismic events|usgs|geology|geological|magnitude|volcanic activity|natural hazards",
  ),
  k(
    "science.biodiversity",
    "data.science",
    "what animal|what bird|which species|wildlife|animals|birds|plants|trees|insects|endangered",
    "species|biodiversity|taxonomy|taxa|occurrence records|gbif|conservation status|flora|fauna|species observations",
  ),
  k(
    "science.math",
    "compute.other",
    "equation|math|maths|integral|derivative|how much is times",
    "calculator|symbolic math|math engine|equation solver|wolfram|numerical|statistics engine|unit conversion|convert units|solve this equation",
  ),
  // ---- government, law -----------------------------------------------------------------------------------
  k(
    "gov.laws",
    "data.government",
    "is it legal|legal to|allowed to|law says|what the law|rules on|required by law|banned",
    "laws|law|legislation|statutes|statute|regulations|regulation|legal code|legal texts|regulatory texts|federal register|official journal|compliance rules|legislative bills",
  ),
  k(
    "gov.courts",
    "data.government",
    "sued|sue|suing|lawsuit|lawsuits|judge|lawyer|was convicted|legal dispute|legal trouble",
    "court|courts|case law|court cases|court decisions|judgments|judgements|rulings|dockets|litigation|legal cases|court records|precedent|jurisprudence",
  ),
  k(
    "gov.sanctions",
    "identity.kyc",
    "blacklisted|banned entities|can we do business with|is this person sanctioned|sanctioned|terrorist|money laundering|dirty money",
    "sanctions|sanctions screening|sanctions lists|ofac|sdn|watchlist|watchlists|pep|peps|politically exposed|aml|anti-money laundering|denied parties|export controls|embargo|sanctions checks",
  ),
  k(
    "gov.census",
    "data.government",
    "how many people live|population of|how many residents|average income|demographics of|who lives in",
    "census|population|demographics|demographic|household income|median income|statistics office|official statistics|population data|census tracts",
  ),
  k(
    "gov.procurement",
    "data.government",
    "government contracts|sell to the government|bid on|contract opportunities",
    "tenders|public tenders|procurement|public procurement|rfp|rfps|contract awards|government spending|grants",
  ),
  k(
    "gov.tax_ids",
    "data.government",
    "is this vat number valid|check a tax number|company tax number",
    "vat number|vat numbers|vat validation|vies|tax id|tax ids|tax identification|ein|tin|gst number|abn|vat|vat id|vat identification",
  ),
  k(
    "gov.elections",
    "data.government",
    "who is my representative|election|elections|who won the election|vote|voting|polls|politician|politicians|senator|congressman|mp",
    "election results|election data|candidates|polling|legislators|representatives|campaign finance|lobbying|voting records|parliament members|congress",
  ),
  k(
    "gov.holidays",
    "data.government",
    "is tomorrow a holiday|day off|bank holiday|are shops open|working day",
    "public holidays|holidays|holiday calendar|bank holidays|business days|working days|observances",
  ),
  k(
    "gov.recalls",
    "data.government",
    "is this recalled|was this recalled|unsafe product|contaminated",
    "recalls|product recalls|recall notices|safety recalls|food recalls|vehicle recalls|safety alerts",
  ),
  // ---- travel, food, property, vehicles, energy, other data ----------------------------------------------
  k(
    "travel.flight_status",
    "data.other",
    "is my flight on time|is my flight delayed|flight delayed|when does the flight land|when does my flight|plane landed|has the plane|where is the plane|flight late|my flight",
    "flight status|flight tracking|flight data|arrivals|aviation|flight schedules|airport|airports|airlines|airline|aircraft|flight positions|ads-b|flight delays|flight departures",
  ),
  k(
    "travel.flight_search",
    "data.other",
    "cheap flight|cheap flights|fly to|flights to|flight to|plane ticket|plane tickets|book a flight|cheapest way to fly",
    "flight search|airfare|airfares|fares|flight prices|flight offers|flight booking|air tickets|itineraries",
  ),
  k(
    "travel.hotels",
    "data.other",
    "somewhere to stay|place to stay|where to stay|a room|book a room|stay the night|accommodation for|hotel|hotels",
    "hotel search|hotel rates|hotel availability|accommodation|accommodations|lodging|room rates|vacation rentals|hostels|stays",
  ),
  k(
    "travel.transit",
    "data.other",
    "next train|next bus|train to|bus to|when does the train|is the subway running|metro|subway|tram",
    "public transit|public transport|transit|timetables|timetable|train schedules|bus schedules|departures board|gtfs|rail|railway|real-time departures",
  ),
  k(
    "travel.visa",
    "data.other",
    "do i need a visa|can i travel to|entry rules|passport to enter|safe to travel",
    "visa requirements|visa|entry requirements|travel advisories|travel restrictions|travel documents",
  ),
  k(
    "food.recipes",
    "data.other",
    "what can i cook|what should i cook|what to make for dinner|dinner ideas|how to cook|how do i make|cook|cooking|bake|baking|meal ideas|leftover|leftovers|in my fridge",
    "recipe|recipes|recipe search|meal planning|cuisine|dishes|cooking instructions|meal plans|recipe ingredients",
  ),
  k(
    "food.nutrition",
    "data.other",
    "calories|how many calories|healthy|is it healthy|diet|dieting|lose weight|carbs|sugar|fat|protein in|macros|allergic|gluten",
    "nutrition|nutritional|nutrients|nutrition facts|food data|food database|macronutrients|allergens|vitamins|dietary|food composition",
  ),
  k(
    "realestate",
    "data.other",
    "apartment|apartments|rent|renting|how much is my house worth|what is my house worth|buy a house|property worth|landlord|neighbourhood|neighborhood",
    "real estate|property data|home values|home valuation|avm|property records|listings for sale|rentals|rental data|comparables|comps|mls|house prices|property prices|my house|a house|buy a home|property values|property value",
  ),
  k(
    "vehicles",
    "data.other",
    "car|cars|my car|this car|truck|motorbike|used car|what is my car worth|number plate|license plate|licence plate|which model",
    "vin|vin decoder|vin decoding|vehicle|vehicles|vehicle data|vehicle history|make and model|vehicle specs|vehicle valuation|automotive|plate lookup|odometer|mileage",
  ),
  k(
    "energy",
    "data.other",
    "electricity|power bill|energy bill|cheapest time to charge|price of power|petrol|diesel|fuel|gas station|charging my car|charging station",
    "energy prices|electricity prices|power prices|spot power|grid|energy data|kwh|fuel prices|ev charging|charging stations|utility rates|day-ahead|electricity tariffs",
  ),
  k(
    "energy.carbon",
    "data.other",
    "carbon footprint|how green|how much co2|climate impact|environmental impact|offset my",
    "carbon|co2|emissions|carbon emissions|emission factors|carbon intensity|greenhouse gas|ghg|carbon offsets|sustainability data",
  ),
  k(
    "entertainment.media",
    "data.other",
    "movie|movies|film|films|tv show|tv shows|series to watch|where can i watch|what to watch|actor|actress|box office",
    "movie data|film data|tv data|streaming availability|cast and crew|imdb|episodes|entertainment data|movie ratings",
  ),
  k(
    "entertainment.music",
    "data.other",
    "song|songs|album|albums|singer|artist|lyrics to|who sang|playlist",
    "music data|music metadata|artists|discography|lyrics|music catalog|isrc|music charts|music tracks",
  ),
  k(
    "entertainment.books",
    "data.other",
    "novel|author of|who wrote|reading list|what to read",
    "book data|book metadata|isbn|bibliographic|library catalog|books to read|a good book|book recommendations",
  ),
  k(
    "entertainment.games",
    "data.other",
    "video game|video games|game prices",
    "games data|game data|steam|esports|game catalog|player counts",
  ),
  k(
    "events",
    "data.other",
    "things to do|what's on|whats on|concert|concerts|gig|gigs|festival|festivals|tickets for|shows this weekend",
    "event search|event listings|venues|event data|local events|event tickets|event ticketing",
  ),
  k(
    "knowledge.dictionary",
    "data.other",
    "what does this word mean|meaning of|define|definition of|another word for|synonym for|rhymes with|how to pronounce",
    "dictionary|definitions|synonyms|antonyms|thesaurus|word data|etymology|pronunciation|lexical",
  ),
  k(
    "knowledge.facts",
    "data.other",
    "facts about|tell me about|who was|what is the capital|how tall is|how old is|trivia",
    "knowledge graph|encyclopedia|wikipedia|wikidata|entity data|knowledge base|general knowledge",
  ),
  k(
    "knowledge.countries",
    "data.other",
    "which countries|country codes|capital of|currency of|languages spoken",
    "country data|country information|iso codes|iso 3166",
  ),
  // ---- model inference -------------------------------------------------------------------------------------
  k(
    "llm.chat",
    "compute.inference",
    "ask an ai|ask a model|chatbot|chat with|answer my question|answer questions|help me write|write me|write a|draft|brainstorm|explain|reasoning|think through|generate text|smart assistant",
    "llm|llms|language model|language models|large language model|chat completion|chat completions|completions|completion|inference|gpt|claude|llama|mistral|gemini|text generation|model inference|openai-compatible|instruct",
  ),
  k(
    "llm.summarise",
    "compute.inference",
    "too long|tl;dr|tldr|gist|short version|in a few lines|key points|main points|boil down|shorten|condense|cliff notes|what does this say|recap",
    "summarise|summarize|summarisation|summarization|summary|summaries|abstractive|extractive|digest|key takeaways|bullet points",
  ),
  k(
    "llm.translate",
    "compute.inference",
    "in french|in spanish|in german|in italian|in japanese|in chinese|in portuguese|in arabic|in korean|in russian|into french|into spanish|into german|into english|into japanese|into chinese|to french|to spanish|to german|to english|say this in|what does mean in english|foreign language|another language|other languages",
    "translate|translation|translations|translator|machine translation|language pairs|localisation|localization|multilingual|target language|source language|between languages",
  ),
  k(
    "llm.embeddings",
    "compute.inference",
    "find similar texts|similar documents|semantic similarity|meaning of texts as numbers|search by meaning",
    "embedding|embeddings|vector|vectors|text embeddings|vector search|semantic search|similarity search|rag|retrieval|dense vectors|sentence embeddings",
  ),
  k(
    "llm.moderation",
    "compute.inference",
    "offensive|abusive|toxic|hateful|hate speech|rude|inappropriate|harassment|insults|bad words|swear|profanity|keep my forum clean|block nasty",
    "moderation|content moderation|toxicity|toxicity detection|harmful content|content safety|policy violations|profanity filter|trust and safety|abuse detection|spam detection",
  ),
  k(
    "llm.classify",
    "compute.inference",
    "positive or negative|happy or angry|what is this text about|tag my|sort these|categorise these|categorize these|pull out names|who is mentioned",
    "classification|classify|text classification|sentiment analysis|sentiment|categorisation|categorization|topic detection|named entities|entity extraction|ner|keyword extraction|intent detection",
  ),
  k(
    "llm.language_detect",
    "compute.inference",
    "what language is this|which language is this|what language",
    "language detection|language identification|detect language|language id",
  ),
  k(
    "text.proofread",
    "compute.inference",
    "typos|spelling mistakes|fix my grammar|fix my english|proofread|check my writing|correct my text",
    "grammar|grammar check|spell check|spellcheck|spelling|proofreading|style check|writing assistant",
  ),
  k(
    "text.ai_detect",
    "compute.inference",
    "written by ai|written by chatgpt|was this copied|copied from|cheating|did a human write",
    "ai detection|ai content detection|ai-generated text|plagiarism|plagiarism check|plagiarism detection|originality|authorship",
  ),
  k(
    "text.pii",
    "compute.inference",
    "hide personal details|remove names|strip personal|anonymise|anonymize|private information",
    "pii|pii detection|redaction|redact|personal data|data masking|de-identification|anonymisation|anonymization",
  ),
  // ---- images and video --------------------------------------------------------------------------------------
  k(
    "image.generate",
    "compute.image",
    "draw|drawing|paint|painting|picture of|image of|illustrate|illustration|make a picture|make an image|create an image|design a logo|logo for|artwork|art of|sketch|cartoon|poster|avatar|wallpaper",
    "image generation|text-to-image|text to image|generate images|generated images|diffusion|stable diffusion|flux|dall-e|midjourney|sdxl|image synthesis|ai art",
  ),
  k(
    "image.edit",
    "compute.image",
    "cut out|cut me out|remove the background|get rid of the background|make it transparent|white background|make the photo sharper|blurry photo|fix my photo|old photo|bigger resolution|enlarge|crop|resize|touch up|erase|remove object",
    "background removal|remove background|background remover|transparent background|upscale|upscaling|super resolution|image editing|photo editing|inpainting|outpainting|retouching|image enhancement|colorization|colorisation|restoration|image processing|segmentation",
  ),
  k(
    "image.ocr",
    "compute.image",
    "read the text in|text from a photo|text in a picture|text in an image|copy the text from|photo of a receipt|invoice|invoices|handwriting|handwritten|business card|menu photo",
    "ocr|optical character recognition|text recognition|text extraction|document ai|document parsing|document extraction|receipt parsing|invoice parsing|form extraction|handwriting recognition|scanned documents|key-value extraction|scanned document|scan a document|scanned receipt|receipt ocr",
  ),
  k(
    "image.detect",
    "compute.image",
    "what is in this photo|what is in this picture|what's in this image|identify objects|count the|spot the|find the cars|recognise what|recognize what|is there a person",
    "object detection|image recognition|image classification|image tagging|bounding boxes|vision model|computer vision|visual recognition|detect objects|scene detection|image labels",
  ),
  k(
    "image.describe",
    "compute.image",
    "describe this image|describe this photo|what does this picture show|alt text|caption for|explain this image|look at this picture",
    "image captioning|captions|image description|visual question answering|vqa|vision language|multimodal|image understanding|alt-text",
  ),
  k(
    "image.face",
    "compute.image",
    "whose face|same person|who is in the photo|how old does look|face|faces",
    "face detection|face recognition|facial recognition|face matching|face comparison|facial analysis|age estimation|emotion detection",
  ),
  k(
    "image.moderation",
    "compute.image",
    "nude|nudity|porn|explicit picture|inappropriate image|unsafe image|gore|nsfw",
    "image moderation|nsfw detection|explicit content|adult content|visual moderation|unsafe content|image safety",
  ),
  k(
    "image.search",
    "compute.image",
    "where else is this photo|find this photo|who took this picture|similar pictures|find the original image|is this photo fake",
    "reverse image search|image search|similar images|visual search|image similarity|image matching|deepfake detection|image forensics|stock photos",
  ),
  k(
    "video",
    "compute.image",
    "make a video|create a video|animate|animation|edit my video|trim video|gif",
    "video generation|text-to-video|text to video|video editing|video processing|transcoding|video analysis|video frames|video|videos|video clips",
  ),
  // ---- audio -------------------------------------------------------------------------------------------------
  k(
    "audio.stt",
    "compute.audio",
    "what was said|write down what|turn the recording into text|get the words from|meeting notes|voice memo|voice note|voice notes|podcast|interview audio|dictate|dictation",
    "transcription|transcribe|transcripts|transcript|speech-to-text|speech to text|speech recognition|asr|diarization|diarisation|captioning|subtitles|audio to text|whisper|voice recording|audio recording|call recordings|audio files",
  ),
  k(
    "audio.tts",
    "compute.audio",
    "read aloud|read it aloud|read out|read this out|say it out loud|out loud|speak this|narrate|narrator|voice for my|audiobook|hear this text|listen to this text",
    "text-to-speech|text to speech|tts|speech synthesis|synthetic voice|synthetic voices|voices|voice over|voiceover|voice generation|voice cloning|neural voices|spoken audio|read * aloud|read * out loud",
  ),
  k(
    "audio.music_id",
    "compute.audio",
    "what song is this|what's this song|name of this song|which song|song playing|what is playing|name that tune|humming|stuck in my head",
    "music recognition|song recognition|song identification|audio fingerprinting|audio fingerprint|track identification|shazam|audio matching|cover detection",
  ),
  k(
    "audio.music_gen",
    "compute.audio",
    "compose|write a song|make a song|make music|a tune|jingle|soundtrack|background music|beat for",
    "music generation|generate music|ai music|song generation|audio generation|sound effects|royalty-free music",
  ),
  k(
    "audio.cleanup",
    "compute.audio",
    "noisy recording|background noise|remove the noise|clean up audio|hiss|echo|isolate the vocals|karaoke",
    "noise reduction|noise removal|denoise|denoising|audio enhancement|speech enhancement|stem separation|source separation|vocal isolation|audio cleanup|mastering",
  ),
  // ---- code and other compute ---------------------------------------------------------------------------------
  k(
    "code.execute",
    "compute.code",
    "run this code|run my code|run this script|run some python|execute this|run python|try this snippet|does this code work|what does this code output",
    "code execution|execute code|code interpreter|sandboxed execution|sandboxed code|isolated sandbox|untrusted code|run javascript|repl|jupyter|notebooks|python execution|isolated environment|microvm|firecracker|code sandbox",
  ),
  k(
    "code.review",
    "compute.code",
    "what is wrong with my code|why does my code|bugs in|is my code secure|check my code|improve my code|security holes",
    "code review|static analysis|linting|lint|vulnerability scanning|sast|code quality|code analysis|bug detection|code scanning|refactoring",
  ),
  k(
    "code.generate",
    "compute.code",
    "write a function|write code|write a program|write a script|code for|build me an app|turn this into sql|write a query|regex for",
    "code generation|generate code|code completion|text-to-sql|text to sql|sql generation|regular expressions|regex|code assistant|programming",
  ),
  k(
    "code.security",
    "compute.code",
    "is this library safe|known vulnerabilities|is this package safe|security hole in",
    "cve|cves|vulnerabilities|vulnerability database|security advisories|dependency scanning|sbom|npm packages|package security|exploits|malware",
  ),
  k(
    "doc.convert",
    "compute.other",
    "turn into a pdf|make a pdf|save as pdf|convert my document|word file|open this file|change file format|merge pdfs|combine pdfs",
    "pdf|pdfs|pdf generation|html to pdf|pdf conversion|document conversion|file conversion|docx|office documents|convert files|pdf to text|pdf rendering|markdown to pdf",
  ),
  k(
    "doc.qr",
    "compute.other",
    "make a qr|qr for|scan code|code for a link",
    "qr code|qr codes|qr generation|barcode generation|barcode generator|qr generator",
  ),
  k(
    "compute.gpu",
    "compute.other",
    "train a model|fine tune|fine-tune|rent a gpu|heavy computation|batch job",
    "gpu|gpus|gpu compute|fine-tuning|training jobs|serverless compute|cloud compute",
  ),
  k(
    "compute.random",
    "compute.other",
    "random number|pick at random|roll dice|flip a coin|lottery draw",
    "randomness|random numbers|verifiable random|vrf|entropy|rng|uuid",
  ),
  // ---- web ----------------------------------------------------------------------------------------------------
  k(
    "web.search",
    "web.search",
    "search the web|search the internet|google it|google this|look it up online|look up online|find online|find on the web|find websites|find pages|search online|what does the internet say",
    "web search|search engine|search engines|search results|serp|serps|google search|bing|internet search|web results|organic results|search api",
  ),
  k(
    "web.seo",
    "web.search",
    "rank on google|how do i rank|how much traffic|who links to|keywords for|visitors does get",
    "seo|backlinks|keyword research|search volume|keyword rankings|domain authority|website traffic|traffic estimates|rank tracking|site audit",
  ),
  k(
    "web.scrape",
    "web.scrape",
    "get the text of|get the content of|what does this page say|read this page|read this website|read this article|pull the data from|copy the content|contents of this url|from this url|from a website|from this page",
    "scrape|scraping|scraper|crawl|crawler|crawling|web extraction|data extraction|content extraction|article extraction|html|page content|structured data|readability|parse pages|extract content|web data|sitemap|web page|fetch a page|fetch pages|article text|clean text|page text",
  ),
  k(
    "web.screenshot",
    "web.scrape",
    "what does this site look like|picture of a website|image of the page|capture the page|snapshot of a page|thumbnail of",
    "screenshot|screenshots|website screenshot|page capture|full-page capture|render pages|webpage rendering|visual snapshot",
  ),
  k(
    "web.link_preview",
    "web.scrape",
    "title of this link|preview of a link|what is this link",
    "link preview|link previews|open graph|metadata extraction|url metadata|unfurl|unfurling|favicon",
  ),
  k(
    "web.archive",
    "web.scrape",
    "old version of a site|what did the site say before|deleted page|page used to",
    "web archive|archived pages|wayback|snapshots history|page history",
  ),
  k(
    "web.uptime",
    "web.scrape",
    "is the site down|is it down|is my site up|site not loading|website not working|certificate expired|is the site safe|check my website",
    "uptime|uptime monitoring|status checks|availability monitoring|response time|ssl certificate|tls certificate|certificate expiry|ssl check|https check|website monitoring|health checks|downtime|ping checks",
  ),
  k(
    "web.domains",
    "data.company",
    "who owns this domain|who owns this website|is this domain taken|is this domain available|buy a domain|when was the site registered|domain expire",
    "domain|domains|domain names|dns|dns records|dns lookup|whois|rdap|registrar|nameservers|mx records|subdomains|domain availability|domain age|domain reputation|tld",
  ),
  k(
    "web.url_safety",
    "web.scrape",
    "is this link safe|dodgy link|suspicious link|is this url safe|phishing link|malicious link",
    "url scanning|url reputation|malicious urls|phishing detection|safe browsing|threat intelligence|link safety|malware scanning",
  ),
  k(
    "web.browser",
    "web.browser",
    "click through|fill in a form|fill out a form|log in to|log into|sign up on|book on a website|navigate a website|use a website for me|act on a website|browse for me|interact with a page",
    "headless browser|headless browsers|browser automation|browser sessions|browser session|remote browser|cloud browser|puppeteer|playwright|selenium|chrome devtools|cdp|web automation|automate websites|form filling|fill forms|web tasks",
  ),
  k(
    "web.captcha",
    "web.browser",
    "i am not a robot|prove i am human|blocked by a challenge|traffic lights pictures|select all images",
    "captcha|captchas|recaptcha|hcaptcha|captcha solving|captcha solver|turnstile|bot challenge|anti-bot|challenge solving",
  ),
  k(
    "web.proxy",
    "web.browser",
    "blocked in my country|appear to be in|access from another country|get around blocks|geoblocked|ip ban",
    "proxy|proxies|residential proxies|rotating proxies|datacenter proxies|ip rotation|unblocker|geo-targeting|mobile proxies",
  ),
  // ---- identity, email, messaging ---------------------------------------------------------------------------------
  k(
    "kyc.identity",
    "identity.kyc",
    "prove who they are|is this person who they say|check their id|check their passport|is this id real|fake id|how old is this user|old enough|over 18|confirm identity",
    "kyc|know your customer|identity verification|id verification|document verification|passport|passports|id card|id cards|driver's license|drivers license|driving licence|selfie|liveness|age verification|biometric|onboarding|identity checks",
  ),
  k(
    "kyc.fraud",
    "identity.kyc",
    "is this order fake|scammer|fraudster|fake accounts|stolen card|is this user legit|is this signup real|suspicious activity",
    "fraud|fraud detection|fraud prevention|fraud score|risk scoring|device fingerprinting|chargebacks|transaction risk|bot detection|account takeover|anomaly detection",
  ),
  k(
    "email.validation",
    "identity.email",
    "is this email real|is this email valid|will my email bounce|does this email exist|fake email|throwaway email|typo in an email|clean my mailing list|dead addresses",
    "email validation|email verification|verify email|validate email|email checker|bounce|bounces|deliverability|disposable email|disposable addresses|catch-all|mx check|smtp check|role accounts|list cleaning|syntax check|disposable|temporary email|email exists|email address exists|mailbox exists|mailbox verification|receive mail|accepts mail",
  ),
  k(
    "email.send",
    "identity.email",
    "send an email|send emails|email my customers|email them|mail merge|newsletter to|email a message|notify by email",
    "email sending|send email|transactional email|transactional emails|smtp|email delivery|email api|bulk email|email campaigns|inbound email|mailing list sends",
  ),
  k(
    "email.breach",
    "identity.email",
    "have i been hacked|was my password leaked|was my email leaked|has my account been breached|leaked",
    "data breach|data breaches|breached accounts|credential leaks|leaked credentials|pwned|dark web monitoring|breach data|exposed passwords",
  ),
  k(
    "sms.send",
    "communication.sms",
    "text my customers|send a text|text message|text them|message their phone|send a message to a phone|whatsapp|notify by text",
    "sms|send sms|sms api|bulk sms|mms|messaging|text messaging|sms delivery|short code|sender id|a2p|messaging api|whatsapp business",
  ),
  k(
    "sms.otp",
    "communication.sms",
    "login code|code by text|code to my phone|prove they own the phone|confirm their phone|two step|2 step|sign in code|texted code",
    "otp|one-time password|one-time passwords|one time password|verification code|verification codes|2fa|two-factor|mfa|phone verification|verify phone|passcode|sms verification",
  ),
  k(
    "voice.call",
    "communication.sms",
    "call this number|phone them|ring them|make a call|call my customers|leave a voicemail|answer the phone",
    "voice calls|phone calls|voice api|telephony|ivr|voip|sip|outbound calls|voicemail|call recording",
  ),
  k(
    "chat.notify",
    "communication.sms",
    "ping me|alert me|let me know when|notify me|post to slack|post to discord|message on telegram",
    "push notifications|notifications|slack|discord|telegram|chat messages|notification delivery",
  ),
  // ---- storage and agents -------------------------------------------------------------------------------------------
  k(
    "storage.files",
    "storage.files",
    "keep this file|save this file|put this file somewhere|share a file|send a big file|host my file|store my|somewhere to keep|link to download",
    "file storage|object storage|file hosting|file sharing|download links|buckets|s3|blob storage|cdn|backups|storage api|presigned urls|file upload|file uploads",
  ),
  k(
    "storage.ipfs",
    "storage.files",
    "forever on the web|permanent copy|can't be taken down|store on chain|decentralised|decentralized",
    "ipfs|pinning|cid|cids|content addressing|content-addressed|filecoin|arweave|permanent storage|decentralised storage|decentralized storage|web3 storage|pin files",
  ),
  k(
    "storage.memory",
    "storage.files",
    "remember this|remember for later|keep notes|save state|store data between",
    "key-value|key value store|kv|memory store|agent memory|persistence|vector store|storage for agents|managed database",
  ),
  k(
    "agent.tasks",
    "agent.tools",
    "do this for me|handle it for me|on my behalf|book it for me|plan my trip|organise my|organize my|figure it out|do the research|find out for me|deep dive",
    "autonomous agent|task agent|research agent|deep research|tool use|agentic|an agent that|agent that",
  ),
  // ---- shipping and products -------------------------------------------------------------------------------------------
  k(
    "ship.tracking",
    "commerce.shipping",
    "where is my package|where is my parcel|where is my order|where's my package|has my parcel|when will my package arrive|when will it arrive|when will my order|lost parcel|delivered yet|my delivery|out for delivery",
    "package tracking|parcel tracking|shipment tracking|tracking number|tracking numbers|track shipments|tracking events|delivery status|shipment status|carrier tracking|courier tracking|ups|fedex|dhl|usps",
  ),
  k(
    "ship.rates",
    "commerce.shipping",
    "how much to send|how much to ship|cost to send|cost to ship|cheapest way to send|post a parcel|send a parcel|mail a package|ship a box|ship it to",
    "shipping rates|shipping rate|shipping cost|shipping costs|postage|rate shopping|rate comparison|carrier rates|shipping labels|shipping label|courier rates|freight rates|shipping quote|shipping quotes|delivery rates|multi-carrier",
  ),
  k(
    "ship.customs",
    "commerce.shipping",
    "import tax|will i pay customs|customs fees|duty on|taxes on imports",
    "customs|duties|import duties|tariff|tariffs|hs code|hs codes|harmonized|harmonised|landed cost|customs declaration|trade compliance",
  ),
  k(
    "ship.freight",
    "commerce.shipping",
    "where is the ship|where is the container|container arrive|cargo ship|boat position",
    "container tracking|ocean freight|freight|vessel tracking|vessels|ais|port calls|bill of lading|logistics|maritime",
  ),
  k(
    "product.lookup",
    "commerce.products",
    "what product is this|what is this product|scan this barcode|numbers under the barcode|what's this item|which product has this code",
    "barcode|barcodes|upc|ean|gtin|product lookup|product data|product details|product information|product catalog|product catalogue|product database|sku|skus|product specs|specifications|asin",
  ),
  k(
    "product.prices",
    "commerce.products",
    "where to buy|where can i buy|best deal|best price|good deal|on sale|discount|coupon|promo code|is it cheaper|compare prices|worth buying|in stock|buy online",
    "price comparison|price tracking|retail prices|product prices|e-commerce|ecommerce|merchants|retailers|deals|coupons|marketplace data|amazon|price monitoring",
  ),
];
