/**
 * TWENTIETH set, written 2026-11-27 blind by a helper. Style: public-interest and professional data across
 * health and medicine (drug labels, interactions, recalls, adverse events, clinical trials, provider registries,
 * ICD-10 coding, Medicare fees, dosing, immunizations, hospital quality, license verification), science
 * (biomedical literature, citations, retractions, chemistry, safety data sheets, genes, proteins, variants,
 * sequence search, earthquakes, astronomy, exoplanets, research grants), education (K-12 schools, college
 * outcomes, online courses, plagiarism), law and government (case law, dockets, statutes, federal rulemaking,
 * bills, patents, trademarks, permits, parcels, elections, campaign finance, census, nonprofit 990s) and
 * environment (air quality, greenhouse gas emissions, drinking water, streamflow, contaminated sites, wildfires).
 * Needs are phrased as a nurse, pharmacist, researcher, student, paralegal, journalist or civil servant (or their
 * assistant agent) would say them, in their own working vocabulary.
 */
export const TWENTIETH_LISTINGS: [key: string, name: string, description: string, category: string][] = [
  [
    "z-drug-label",
    "MonographVault",
    "Full prescribing information from FDA-approved labeling (SPL) for brand and generic drugs: indications, dosage and administration, contraindications, boxed warnings and pregnancy sections, searchable by NDC, RxCUI or name.",
    "data.government",
  ],
  [
    "z-drug-interaction",
    "InteraX",
    "Submit a list of medications and get pairwise drug-drug interaction alerts with severity grading (contraindicated, major, moderate, minor), mechanism and management guidance. Accepts RxNorm codes or free-text drug names.",
    "data.science",
  ],
  [
    "z-drug-interaction-alt",
    "RxClash",
    "Screen a patient's medication regimen for clinically significant interactions. Returns each interacting pair, how serious it is, and what to do about it.",
    "compute.other",
  ],
  [
    "z-clinical-trials",
    "TrialScout",
    "Search registered clinical studies by condition, intervention, phase, recruitment status and site location. Returns eligibility criteria, sponsors, site contacts and NCT identifiers.",
    "data.science",
  ],
  [
    "z-npi-lookup",
    "ProviderPin",
    "Lookup of the US national provider registry: search individual clinicians and organizations by name, specialty taxonomy or location and get NPI numbers, practice addresses and phone numbers.",
    "data.people",
  ],
  [
    "z-npi-lookup-alt",
    "NPIndex",
    "Fast API over the NPPES file. Find a doctor, nurse practitioner, pharmacy or clinic and return its 10-digit NPI, taxonomy code and registered location.",
    "data.government",
  ],
  [
    "z-icd10-coder",
    "CodeChart",
    "Turns clinical free text into ICD-10-CM diagnosis codes with ranked suggestions, code descriptions and billable flags. Also searches the code set by keyword.",
    "compute.inference",
  ],
  [
    "z-icd10-coder-alt",
    "DxMapper",
    "Automated diagnosis coding: send a chart note or problem list, receive the matching ICD-10 codes with confidence scores.",
    "compute.inference",
  ],
  [
    "z-medicare-fees",
    "FeeScope",
    "Medicare Physician Fee Schedule rates for every CPT and HCPCS code by locality, including RVUs, facility vs non-facility payment amounts and global periods.",
    "data.finance",
  ],
  [
    "z-fda-recalls",
    "RecallWatch",
    "Recall and enforcement reports for drugs, medical devices and food from the FDA, with recall classification, affected lot numbers, reason for recall and distribution pattern.",
    "data.government",
  ],
  [
    "z-adverse-events",
    "SignalDesk",
    "Query post-marketing adverse event reports (FAERS) by drug and reaction term. Counts, seriousness, outcomes and disproportionality statistics for pharmacovigilance work.",
    "data.science",
  ],
  [
    "z-pill-identifier",
    "PillPrint",
    "Identify tablets and capsules from imprint code, color, shape and scoring. Returns the drug name, strength, manufacturer and a reference image.",
    "data.other",
  ],
  [
    "z-pubmed-search",
    "MedLit",
    "Search over 35 million biomedical citations and abstracts with MeSH-aware ranking, filters for publication type, date and species, and links to free full text.",
    "web.search",
  ],
  [
    "z-citation-format",
    "CiteForge",
    "Give a DOI, ISBN, PMID or URL and get back a formatted reference in APA, MLA, Chicago, Vancouver or any of 9,000 CSL styles, plus BibTeX and RIS exports.",
    "agent.tools",
  ],
  [
    "z-retraction-check",
    "RetractCheck",
    "Checks DOIs or whole reference lists against a database of retracted, corrected and expression-of-concern papers, returning the notice and the stated reason.",
    "data.science",
  ],
  [
    "z-chem-identifiers",
    "MoleculeBase",
    "Resolve chemical names, CAS numbers, SMILES and InChI to one another and get molecular formula, molecular weight, exact mass and computed descriptors like logP and TPSA.",
    "data.science",
  ],
  [
    "z-sds-hazards",
    "HazSheet",
    "Safety data sheet content for over 200,000 chemical products: GHS pictograms, hazard and precautionary statements, required PPE, first-aid measures, exposure limits and storage conditions.",
    "data.other",
  ],
  [
    "z-gene-info",
    "GeneAtlas",
    "Gene-level annotation for human and model organisms: official symbol and aliases, genomic coordinates, function summary, GO terms, pathways and orthologs.",
    "data.science",
  ],
  [
    "z-protein-structure",
    "FoldFetch",
    "Retrieve experimental and predicted 3D structures for a protein by UniProt accession or PDB ID, with resolution, method, bound ligands and per-residue confidence. Downloads in mmCIF and PDB format.",
    "data.science",
  ],
  [
    "z-variant-annotation",
    "VariantVerdict",
    "Annotate genetic variants (rsID, HGVS or VCF line) with clinical significance classifications, population allele frequencies, predicted consequence and submitted evidence.",
    "data.science",
  ],
  [
    "z-sequence-align",
    "SeqMatch",
    "Hosted similarity search for nucleotide and protein sequences against major reference databases. Submit FASTA and receive top hits with E-values, percent identity and alignments.",
    "compute.other",
  ],
  [
    "z-earthquakes",
    "QuakeFeed",
    "Real-time and historical seismic events worldwide: magnitude, depth, epicenter, felt reports and tsunami flags, filterable by region, time window and minimum magnitude.",
    "data.science",
  ],
  [
    "z-earthquakes-alt",
    "TremorLog",
    "A global catalog of earthquakes updated every minute. Query by bounding box or radius and get each event's size, location and depth as GeoJSON.",
    "data.weather",
  ],
  [
    "z-ephemeris",
    "Orrery",
    "Positions of the Sun, Moon and planets for any place and time: right ascension and declination, altitude and azimuth, rise, transit and set times, and lunar phase.",
    "data.science",
  ],
  [
    "z-exoplanets",
    "ExoIndex",
    "Catalog of confirmed exoplanets and candidates with orbital period, radius, mass, equilibrium temperature, discovery method and host star parameters.",
    "data.science",
  ],
  [
    "z-k12-schools",
    "SchoolFinder",
    "Directory of public and private K-12 schools and districts with enrollment, student-teacher ratio, demographics, Title I status and state assessment proficiency rates.",
    "data.government",
  ],
  [
    "z-college-outcomes",
    "CampusMetrics",
    "Cost, financial aid, admission rates, completion rates and graduates' median earnings and debt for every U.S. college and university, broken down by field of study.",
    "data.other",
  ],
  [
    "z-course-catalog",
    "Coursely",
    "Searchable index of online courses from universities and learning platforms, with syllabus, level, duration, price and whether a certificate is offered.",
    "data.other",
  ],
  [
    "z-case-law",
    "CaseTrail",
    "Full-text search of published and unpublished court opinions from federal and state courts, with citations, judges, parties and cited-by links.",
    "data.government",
  ],
  [
    "z-case-law-alt",
    "PrecedentIQ",
    "Search millions of judicial decisions by keyword, citation or court and jump to the cases that cite them. Built for legal research teams.",
    "web.search",
  ],
  [
    "z-court-dockets",
    "DocketDash",
    "Live docket sheets from federal district, bankruptcy and appellate courts: parties, attorneys, docket entries and filed documents, with alerts on new filings.",
    "data.government",
  ],
  [
    "z-statutes",
    "StatuteStack",
    "Current and historical text of the United States Code and all 50 state codes, retrievable by citation, with section history and cross-references.",
    "data.government",
  ],
  [
    "z-federal-rules",
    "RuleWatch",
    "Federal agency rulemaking in one feed: proposed rules, final rules and notices from the Federal Register, comment deadlines, docket IDs and Code of Federal Regulations text.",
    "data.government",
  ],
  [
    "z-patent-search",
    "PatentPath",
    "Search granted patents and published applications from the USPTO, EPO and WIPO by keyword, CPC class, assignee or inventor, with claims, family members and legal status.",
    "data.other",
  ],
  [
    "z-patent-search-alt",
    "PriorArtly",
    "Semantic search over worldwide patent literature. Paste an invention description and get the closest prior-art documents ranked by similarity.",
    "web.search",
  ],
  [
    "z-trademark-search",
    "MarkCheck",
    "Search registered and pending trademarks by word mark, design code, owner or goods-and-services class, with status, filing dates and likelihood-of-confusion screening.",
    "data.company",
  ],
  [
    "z-building-permits",
    "PermitPulse",
    "Building, electrical, plumbing and demolition permits issued by 2,000+ U.S. municipalities, searchable by address, contractor or permit type, with job valuation and inspection status.",
    "data.government",
  ],
  [
    "z-election-results",
    "BallotBoard",
    "Certified and live election returns for federal, state and local races down to the precinct level, with turnout and historical results back to 2000.",
    "data.government",
  ],
  [
    "z-campaign-finance",
    "DonorTrail",
    "Itemized contributions and expenditures reported to the FEC and state ethics agencies. Search by donor, employer, candidate or committee.",
    "data.government",
  ],
  [
    "z-census-demographics",
    "CensusPoint",
    "American Community Survey and decennial census tables for any state, county, tract, block group or ZIP code: population, age, income, poverty, housing and language.",
    "data.government",
  ],
  [
    "z-census-demographics-alt",
    "PopStats",
    "Demographic profiles for U.S. geographies in one call: median household income, race and ethnicity, educational attainment, renters vs owners and more, from Census Bureau data.",
    "data.other",
  ],
  [
    "z-bill-tracker",
    "LegiPulse",
    "Track bills in Congress and all 50 state legislatures: status, sponsors, committee actions, roll-call votes and text versions, with change alerts.",
    "data.government",
  ],
  [
    "z-air-quality",
    "BreatheIndex",
    "Current and forecast air quality index plus PM2.5, PM10, ozone, NO2 and SO2 concentrations from regulatory monitors and low-cost sensors, by coordinates or city.",
    "data.weather",
  ],
  [
    "z-air-quality-alt",
    "AeroSense",
    "Hyperlocal pollution readings and health advisories for any location, refreshed hourly from government monitoring stations.",
    "data.weather",
  ],
  [
    "z-ghg-emissions",
    "CarbonLedger",
    "Facility-level greenhouse gas emissions reported under the EPA reporting program: CO2, methane and nitrous oxide in CO2-equivalent, by plant, parent company and industry sector.",
    "data.other",
  ],
  [
    "z-drinking-water",
    "TapSafe",
    "Public water system records: contaminant sampling results, health-based violations, enforcement actions and population served, searchable by system ID or address.",
    "data.government",
  ],
  [
    "z-streamflow",
    "RiverGauge",
    "Real-time and historical discharge and gauge height from thousands of stream and river monitoring sites, with flood stage thresholds.",
    "data.weather",
  ],
  [
    "z-superfund-sites",
    "SiteHazard",
    "Locate Superfund, brownfield and other contaminated sites near an address, with contaminants of concern, cleanup status and responsible parties.",
    "data.maps",
  ],
  [
    "z-clinical-scribe",
    "ScribeMD",
    "Records a clinician-patient encounter and turns the audio into a structured SOAP note with medications, assessment and plan. HIPAA-eligible.",
    "compute.audio",
  ],
  [
    "z-hospital-quality",
    "CareGrade",
    "Hospital and nursing home quality measures from CMS: overall star ratings, readmission and mortality rates, infection rates, patient survey scores and staffing levels.",
    "data.other",
  ],
  [
    "z-dose-calculator",
    "DoseMath",
    "Clinical dosage calculations: weight- and BSA-based doses, IV infusion and drip rates, renal dose adjustments from creatinine clearance, and pediatric dosing.",
    "compute.other",
  ],
  [
    "z-vaccine-schedule",
    "ShotPlanner",
    "Generates routine and catch-up immunization schedules from date of birth and vaccine history following current ACIP recommendations, with minimum intervals between doses.",
    "agent.tools",
  ],
  [
    "z-disease-surveillance",
    "OutbreakStats",
    "Weekly counts of notifiable diseases and influenza-like illness by state and county, with trends and comparisons to prior seasons.",
    "data.government",
  ],
  [
    "z-license-verify",
    "LicenseLens",
    "Primary-source verification of professional licenses for nurses, physicians, pharmacists and other clinicians across state boards: status, expiration and disciplinary actions.",
    "identity.kyc",
  ],
  [
    "z-research-grants",
    "GrantGraph",
    "Awarded research grants from NIH, NSF and other federal funders: principal investigator, institution, award amount, project abstract and resulting publications, searchable by topic.",
    "data.science",
  ],
  [
    "z-plagiarism-check",
    "OriginCheck",
    "Compare an essay or manuscript against web pages, journals and prior student submissions. Returns a similarity score and highlighted matching passages with their sources.",
    "compute.inference",
  ],
  [
    "z-parcel-records",
    "ParcelPeek",
    "Property parcel data for 150 million U.S. parcels: owner of record, assessed value, tax bill, lot size, zoning and deed transfer history.",
    "data.maps",
  ],
  [
    "z-device-clearance",
    "DeviceDossier",
    "Premarket clearance and approval records for medical devices: 510(k), PMA and De Novo decisions, product codes, predicate devices and decision summaries.",
    "data.government",
  ],
  [
    "z-wildfire",
    "FireFront",
    "Active wildfire perimeters, satellite hotspot detections and containment status updated several times a day, delivered as GeoJSON.",
    "data.weather",
  ],
  [
    "z-nonprofit-990",
    "CharityLens",
    "Financial data from IRS Form 990 filings for 1.8 million tax-exempt organizations: revenue, expenses, executive compensation, grants made and full filing PDFs.",
    "data.company",
  ],
];

/** near-duplicate competitor key -> the listing it competes with (either one answers the need right) */
export const TWENTIETH_DUPLICATES: Record<string, string> = {
  "z-drug-interaction-alt": "z-drug-interaction",
  "z-npi-lookup-alt": "z-npi-lookup",
  "z-icd10-coder-alt": "z-icd10-coder",
  "z-earthquakes-alt": "z-earthquakes",
  "z-case-law-alt": "z-case-law",
  "z-patent-search-alt": "z-patent-search",
  "z-census-demographics-alt": "z-census-demographics",
  "z-air-quality-alt": "z-air-quality",
};

/** [need text, key of the listing that serves it] - each served need names one of the 52 services (not a competitor key) */
export const TWENTIETH_NEEDS: [need: string, key: string][] = [
  [
    "Pull the black box warning and the contraindications section from the levofloxacin PI for our med safety huddle.",
    "z-drug-label",
  ],
  [
    "Patient's on warfarin and the ED just started her on fluconazole and amiodarone - is that combo going to be a problem?",
    "z-drug-interaction",
  ],
  [
    "Screen this discharge med rec for anything that shouldn't be given together: sertraline, tramadol, linezolid, ondansetron.",
    "z-drug-interaction",
  ],
  [
    "Are there any phase 2 studies still enrolling for glioblastoma near Houston that would take someone who already had bevacizumab?",
    "z-clinical-trials",
  ],
  [
    "Get me the inclusion and exclusion criteria and the coordinator contact for NCT04380701 so I can see if my patient qualifies.",
    "z-clinical-trials",
  ],
  [
    "I need the NPI for the ordering physician on this requisition, Dr. Anjali Rao, an endocrinologist in Tucson, so the claim doesn't bounce.",
    "z-npi-lookup",
  ],
  ["What dx code goes on the claim for type 2 diabetes with diabetic CKD stage 3?", "z-icd10-coder"],
  [
    "How much does Medicare allow for a 99214 office visit in the Manhattan locality this year?",
    "z-medicare-fees",
  ],
  [
    "Has the valsartan we stocked last spring been pulled from the market? The lot numbers are on the bottles, check whether they were part of any withdrawal.",
    "z-fda-recalls",
  ],
  [
    "How many spontaneous reports of tendon rupture have come in for levofloxacin versus ciprofloxacin? Writing a safety signal memo for our drug safety committee.",
    "z-adverse-events",
  ],
  [
    "Found a white oval tablet with M 367 stamped on it in my patient's bedside drawer - what is it?",
    "z-pill-identifier",
  ],
  [
    "Pull peer-reviewed articles from the last five years on early mobilization of ICU patients for my nursing capstone lit review.",
    "z-pubmed-search",
  ],
  [
    "Can you turn these DOIs into an AMA-style bibliography for my manuscript submission?",
    "z-citation-format",
  ],
  [
    "Before I submit, make sure none of the papers in my reference list have been withdrawn or flagged by the journal.",
    "z-retraction-check",
  ],
  [
    "What's the molar mass of the compound with CAS 50-78-2, and can you give me its SMILES string?",
    "z-chem-identifiers",
  ],
  [
    "What gloves and respirator do our lab techs need when handling dichloromethane, and what's the first aid if it gets on skin?",
    "z-sds-hazards",
  ],
  ["What chromosome is TP53 on, what does it do, and what's the mouse equivalent gene?", "z-gene-info"],
  [
    "Download the AlphaFold model for human KRAS so I can look at the switch II pocket in PyMOL.",
    "z-protein-structure",
  ],
  [
    "Is BRCA2 c.5946delT pathogenic? The outside report is vague and I want to see how the different labs have classified it.",
    "z-variant-annotation",
  ],
  [
    "How common is the rs429358 C allele in people of European ancestry, and is it considered disease-associated?",
    "z-variant-annotation",
  ],
  [
    "I've got a 600 bp 16S read from an unknown bacterial isolate - what organism is it closest to?",
    "z-sequence-align",
  ],
  [
    "Was there a quake near Ridgecrest last night? A reader says she felt shaking around 2am and I want the magnitude before I write it up.",
    "z-earthquakes",
  ],
  [
    "What time does the moon come up over Flagstaff on March 14, and how high above the horizon will Jupiter be at 9pm?",
    "z-ephemeris",
  ],
  [
    "List the known planets around TRAPPIST-1 with their sizes and how long their years are, for my astronomy class handout.",
    "z-exoplanets",
  ],
  [
    "What share of kids get free or reduced lunch at Lincoln Elementary in Tacoma, and how did they do on the state math test?",
    "z-k12-schools",
  ],
  [
    "For a nursing degree, is Ohio State or the University of Cincinnati the better deal - what do grads earn and how much do they owe when they finish?",
    "z-college-outcomes",
  ],
  [
    "Find me an intro biostatistics class I can take online in a few weeks that gives me something to show for my continuing ed hours.",
    "z-course-catalog",
  ],
  [
    "Find Ninth Circuit opinions on qualified immunity for officers who tased passive resisters.",
    "z-case-law",
  ],
  [
    "Which later decisions have applied the public safety exception from New York v. Quarles? I need the citing cases for the brief.",
    "z-case-law",
  ],
  [
    "Has anything new been filed in the Purdue Pharma bankruptcy this week? Pull the latest entries and the attached PDFs.",
    "z-court-dockets",
  ],
  [
    "Pull the current text of 18 U.S.C. 1030 and California Penal Code 502 so I can compare the two computer crime provisions.",
    "z-statutes",
  ],
  [
    "When do comments close on OSHA's proposed heat illness prevention rule, and what's the docket ID?",
    "z-federal-rules",
  ],
  [
    "Is there already IP out there on wearable sweat sensors for glucose monitoring? Tech transfer wants a freedom-to-operate scan before we license it.",
    "z-patent-search",
  ],
  [
    "Before the nonprofit rebrands as Bright Harbor, check whether anyone already owns that name for charitable services.",
    "z-trademark-search",
  ],
  [
    "Did the landlord at 2214 W Division St in Chicago pull a permit for the rear porch rebuild they did last year?",
    "z-building-permits",
  ],
  ["Give me precinct-by-precinct returns for the 2022 Maricopa County sheriff race.", "z-election-results"],
  [
    "Who were the biggest individual donors to Senator Tester's 2024 campaign, and where do they work?",
    "z-campaign-finance",
  ],
  [
    "How much has Americans for Prosperity Action spent on ads and mailers in Pennsylvania House races this cycle?",
    "z-campaign-finance",
  ],
  [
    "What's the median household income and poverty rate in census tract 4601 in Cook County?",
    "z-census-demographics",
  ],
  [
    "I'm writing a grant narrative: what share of residents in ZIP 93703 speak Spanish at home and never finished high school?",
    "z-census-demographics",
  ],
  ["Where is Texas HB 1500 right now - did it make it out of committee, and who voted no?", "z-bill-tracker"],
  [
    "Is it OK for my asthma patients in Fresno to be outdoors this afternoon? What's the PM2.5 doing?",
    "z-air-quality",
  ],
  [
    "The community group wants current ozone readings from the monitors near the Port of Long Beach for tomorrow's story.",
    "z-air-quality",
  ],
  [
    "How much CO2 did Plant Scherer in Georgia put out last year, and how does that stack up against Southern Company's other plants?",
    "z-ghg-emissions",
  ],
  [
    "Has the water utility serving Benton Harbor, Michigan had any lead action level exceedances or violations since 2018?",
    "z-drinking-water",
  ],
  [
    "How many cfs is the Colorado running at Lees Ferry right now? Planning a river trip for the field course.",
    "z-streamflow",
  ],
  [
    "Are there any toxic waste cleanup sites within a mile of the proposed elementary school at 1200 Maple Ave, Camden NJ?",
    "z-superfund-sites",
  ],
  [
    "Listen in on my patient visits and write up the notes for the chart so I'm not charting until midnight.",
    "z-clinical-scribe",
  ],
  [
    "Which hospitals in the Denver metro have the lowest 30-day readmission rates for heart failure?",
    "z-hospital-quality",
  ],
  [
    "Heparin is ordered at 18 units/kg/hr for a 92 kg patient, bag is 25,000 units in 250 mL - what rate do I set the pump to?",
    "z-dose-calculator",
  ],
  [
    "14 kg child, amoxicillin 90 mg/kg/day divided BID - how many mL per dose of the 400 mg/5 mL suspension?",
    "z-dose-calculator",
  ],
  [
    "A 4-year-old just moved here from abroad with only one DTaP and no MMR on record - what shots does she need and when?",
    "z-vaccine-schedule",
  ],
  [
    "How many measles cases has Texas reported this year by county, compared with last year?",
    "z-disease-surveillance",
  ],
  [
    "We're onboarding a travel RN - confirm her Florida nursing license is active and check for any board discipline.",
    "z-license-verify",
  ],
  [
    "Which labs has NIH funded to study long COVID in children, and how much money did they get?",
    "z-research-grants",
  ],
  [
    "One of my students' term papers reads suspiciously polished - run it and see how much was lifted from other sources.",
    "z-plagiarism-check",
  ],
  [
    "Who actually owns the vacant lot at 455 Hollis St and what's it assessed at? Working on a story about absentee landlords.",
    "z-parcel-records",
  ],
  [
    "What predicate device did the Dexcom G7 get cleared against, and can I read FDA's decision summary?",
    "z-device-clearance",
  ],
  ["How close is the nearest active fire to Paradise, CA right now and how contained is it?", "z-wildfire"],
  [
    "How much did the CEO of the county hospital foundation get paid according to their latest 990?",
    "z-nonprofit-990",
  ],
];

/** needs that NO listing in this file serves */
export const TWENTIETH_UNSERVED: string[] = [
  "Book a telehealth appointment with a dermatologist for tomorrow morning.",
  "Send a refill of my patient's lisinopril to the CVS on 5th Street.",
  "File a MedWatch report for a patient who had an anaphylactic reaction to a new biologic.",
  "Submit a public comment on OSHA's proposed heat rule on behalf of our union local.",
  "E-file a motion to dismiss in the Southern District of New York for our client.",
  "Where's my polling place for the November election if I live at 812 Oak St in Raleigh?",
  "File a trademark application for our new clinic name with the USPTO.",
  "Apply for a building permit for a backyard ADU in Portland, Oregon.",
  "Translate this discharge instruction sheet into Haitian Creole for a patient going home tonight.",
  "What's the pollen count in Atlanta today? My allergy patients keep calling.",
  "Find an open psychiatric crisis bed in King County tonight for a patient in our ED.",
  "Check whether this patient's Aetna plan covers an outpatient MRI and what her copay will be.",
  "Order a 96-well plate of custom oligos for my PCR primers.",
  "Text the patient her normal lab results with a short explanation.",
  "Enroll my patient in the glioblastoma trial at MD Anderson and schedule her screening visit.",
  "Submit a FOIA request to DHS for ICE detention facility inspection reports.",
  "Buy carbon offsets to cover our agency's staff air travel this fiscal year.",
  "Which journal should I submit my manuscript to, based on its abstract and scope?",
  "What's the price of Bitcoin right now?",
  "Track the FedEx shipment carrying our lab specimens to the reference lab.",
];
