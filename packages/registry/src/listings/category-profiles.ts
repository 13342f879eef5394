/**
 * What agents ask for in each category of the taxonomy, in the words a need uses rather than the words a
 * listing uses. The matcher embeds these profiles to infer a need's likely categories (a need says "will it
 * rain", a listing says "precipitation forecast"; the category bridges them). Written for the taxonomy as a
 * whole, never for particular listings; a category without a profile is inferred from its description.
 */
export const CATEGORY_PROFILES: Record<string, string> = {
  "data.weather":
    "weather: will it rain or snow, forecast, temperature, wind, storms and hurricanes, umbrella, sunny or cloudy, humidity, air quality, smog, pollen, waves, tides, surf, climate history, sunshine",
  "data.finance":
    "money markets: stock and share prices, what a company trades at, tickers, currency conversion and exchange rates, euros, dollars, yen, profits, revenue, earnings, dividends, options, bonds, interest rates, investing",
  "data.crypto":
    "crypto: bitcoin, ethereum, tokens, coins, wallets, blockchain transactions, gas fees, nfts, defi yields, staking, stablecoins, smart contracts, scams and rug pulls",
  "data.maps":
    "maps and places: where is an address, coordinates, latitude and longitude, directions, how to drive or walk somewhere, nearby restaurants and shops, distance, travel time, time zones, altitude",
  "data.news":
    "news: what is happening, headlines, articles, press coverage, media mentions, journalists, press releases, public opinion of a company",
  "data.sports":
    "sports: who won the game, scores, results, matches, football, soccer, basketball, tennis, players, goals, league tables, fixtures, betting odds",
  "data.company":
    "businesses: company information, who owns or runs a company, directors, employees, industry, firmographics, websites a company runs, domains, jobs, patents",
  "data.people":
    "people: find a person, contact details, email address or phone number of someone, social media profiles, who is behind a number",
  "data.science":
    "science and health: research papers, citations, chemistry, molecules, genes, biology, medicine, drugs, satellites, space, astronomy",
  "data.government":
    "government and law: laws, courts, regulations, sanctions lists, census and population statistics, public tenders, tax ids, official registers",
  "data.other":
    "other data: travel, flights, hotels, food and recipes, real estate and property prices, cars and vehicles, energy and electricity prices",
  "compute.inference":
    "language models: ask an ai, chat, answer questions, write or summarise text, translate into another language, embeddings and vectors, classify or moderate text",
  "compute.image":
    "images: draw or generate a picture, edit photos, remove backgrounds, read text in an image, detect faces or objects, upscale, image safety",
  "compute.audio":
    "audio: transcribe speech, turn recordings or podcasts into text, read text aloud, synthetic voices, recognise music or songs, clean up sound",
  "compute.code":
    "code: run or execute a program or script, sandboxes, review code, find bugs, regular expressions, developer tools",
  "compute.other": "other computation: processing jobs and conversions sold per call",
  "web.search": "web search: search the internet, search engine results, find pages or images online",
  "web.scrape":
    "web pages: fetch or scrape a page, extract the article text, crawl a site, screenshots of a website, render to pdf, links and seo",
  "web.browser": "browsers: drive a headless browser, automate a website, fill forms, solve captchas",
  "identity.kyc":
    "identity checks: verify a customer, passports and id cards, selfies and age checks, fraud, anti money laundering screening",
  "identity.email": "email addresses: is an email valid, will mail bounce, disposable addresses, send email",
  "commerce.shipping":
    "shipping: post or send a parcel, delivery costs, where is my package, tracking numbers, couriers, customs duties",
  "commerce.products":
    "products and shopping: product details, barcodes, prices at shops, where to buy, reviews and ratings",
  "communication.sms":
    "messaging: send a text message, sms, verification codes, one-time passwords, phone notifications",
  "storage.files": "files: store, upload or host a file, share a download link, ipfs, backups",
  "agent.tools":
    "agents: an ai agent that does a task for you, research, browsing and booking on your behalf",
};
