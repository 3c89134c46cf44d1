import type { SeedAgent } from './types.js';

export const seedAgents: SeedAgent[] = [
  // Coding
  {
    slug: 'patchwork',
    name: 'Patchwork',
    categorySlug: 'coding',
    tagline:
      'A pull-request reviewer that leaves the comments your senior engineers would, minus the nitpicks.',
    description: `Patchwork reviews every pull request the moment it is opened. It reads the diff in the
context of the whole repository, so it notices when a change breaks an assumption three files away
instead of just flagging style.

## What it does

- Summarizes each pull request in plain language for reviewers who were not in the design discussion
- Flags risky changes: missing null checks, unhandled promise rejections, off-by-one loops
- Suggests concrete patches as inline suggestions you can accept with one click
- Learns your team's conventions from past review threads and stops repeating rejected advice

Patchwork runs as a GitHub App or a self-hosted container for GitLab and Gitea. It never pushes
to your branches on its own, and it stays quiet on generated files and lockfiles by default.`,
    tags: ['code-review', 'github', 'gitlab', 'pull-requests', 'self-hosted'],
    pricing: 'open-source',
    websiteUrl: 'https://patchwork.example',
    repoUrl: 'https://github.com/patchwork-labs/patchwork',
    docsUrl: 'https://docs.patchwork.example',
    verified: true,
    featured: true,
    ratingTarget: 4.6,
    reviewCount: 27,
    ageDays: 540,
  },
  {
    slug: 'stacktrace-sam',
    name: 'Stacktrace Sam',
    categorySlug: 'coding',
    tagline: 'Paste a stack trace, get a minimal reproduction and a likely fix in under a minute.',
    description: `Stacktrace Sam is a debugging companion for the moment production throws an error nobody
has seen before. Give it a stack trace, a log excerpt or a failing test, and it works backwards
to the line that actually caused the problem.

## How it helps

- Maps minified or obfuscated frames back to source using your uploaded source maps
- Writes a minimal failing test that reproduces the bug locally
- Proposes a fix with an explanation of why the original code failed
- Links related errors so you can see whether the same root cause shows up elsewhere

Sam understands JavaScript, TypeScript, Python, Go and Java out of the box. It connects to your
error tracker through a webhook, but it only reads code you explicitly share with it, which
means deeply transitive bugs in private dependencies can slip past it.`,
    tags: ['debugging', 'error-tracking', 'typescript', 'python', 'testing'],
    pricing: 'freemium',
    websiteUrl: 'https://stacktrace-sam.example',
    repoUrl: null,
    docsUrl: 'https://stacktrace-sam.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 14,
    ageDays: 210,
  },
  {
    slug: 'refactor-ranger',
    name: 'Refactor Ranger',
    categorySlug: 'coding',
    tagline: 'Large-scale codebase migrations planned, executed and verified across hundreds of services.',
    description: `Framework upgrades and API deprecations tend to sit in the backlog for years because they
touch everything. Refactor Ranger turns them into a tracked campaign: it plans the migration,
splits it into reviewable batches and opens the pull requests for you.

## Capabilities

- Builds a dependency-aware migration plan across a monorepo or many repositories
- Applies codemods and falls back to model-written edits where a codemod cannot reach
- Runs your existing test suite on every batch and pauses when coverage drops
- Produces a progress dashboard for engineering managers

Typical campaigns include moving from one test runner to another, upgrading major framework
versions and replacing an in-house logging library. Ranger is sold to organizations with at
least fifty engineers, and setup involves a short onboarding call with the vendor's team.`,
    tags: ['refactoring', 'migrations', 'monorepo', 'codemods'],
    pricing: 'enterprise',
    websiteUrl: 'https://refactor-ranger.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 9,
    ageDays: 330,
  },
  {
    slug: 'specwright',
    name: 'Specwright',
    categorySlug: 'coding',
    tagline:
      'Generates meaningful unit tests from your code and its history, not just happy-path boilerplate.',
    description: `Specwright writes the tests you keep meaning to write. It reads a function, the places that
call it and the bugs filed against it, then produces a test file that exercises the edge cases
that actually matter.

### Highlights

- Generates tests for Jest, Vitest, pytest and JUnit in your project's existing style
- Prioritizes untested branches reported by your coverage tool
- Turns closed bug reports into regression tests so old bugs stay fixed
- Explains each test case in a one-line comment

Specwright works best on pure functions and service layers. Tests for UI components and code
with heavy global state need more hand-editing, and the vendor is upfront about that in its
docs. It runs in your editor or as a CI step that comments on pull requests.`,
    tags: ['testing', 'unit-tests', 'jest', 'pytest', 'coverage'],
    pricing: 'paid',
    websiteUrl: 'https://specwright.example',
    repoUrl: null,
    docsUrl: 'https://docs.specwright.example',
    verified: false,
    featured: false,
    ratingTarget: 3.9,
    reviewCount: 12,
    ageDays: 95,
  },
  {
    slug: 'ferrous',
    name: 'Ferrous',
    categorySlug: 'coding',
    tagline: 'A Rust pair programmer that explains borrow checker errors and suggests idiomatic fixes.',
    description: `Ferrous is a community-built assistant for Rust developers. It started as a bot that
translated borrow checker errors into plain English and grew into a pair programmer that knows
the ecosystem's idioms. Beginners use it to learn the language, and experienced developers lean on
it for code review.

## What it does

- Explains lifetime and ownership errors with a diagram of who owns what
- Suggests idiomatic alternatives to excessive cloning and reference counting
- Recommends well-maintained crates for common tasks and warns about abandoned ones
- Reviews unsafe blocks and documents the invariants they rely on

Ferrous ships as a language server extension and a command-line tool that reads compiler output.
It runs against a local model or any compatible hosted endpoint you configure. Async code and
heavy macro use are still rough edges, according to the maintainers' own roadmap.`,
    tags: ['rust', 'language-server', 'pair-programming', 'cli'],
    pricing: 'open-source',
    websiteUrl: 'https://ferrous.example',
    repoUrl: 'https://github.com/ferrous-rs/ferrous',
    docsUrl: 'https://ferrous.example/book',
    verified: false,
    featured: false,
    ratingTarget: 4.4,
    reviewCount: 6,
    ageDays: 48,
  },
  {
    slug: 'commentary',
    name: 'Commentary',
    categorySlug: 'coding',
    tagline: 'Writes docstrings, READMEs and architecture notes from the code you already have.',
    description: `Commentary fills in documentation gaps. Point it at a module and it writes docstrings,
a usage-focused README and a short architecture note describing how the pieces fit together.

Documentation written by a tool is only useful if it stays accurate, so Commentary also watches
for drift: when a function's signature changes, it flags the docstring that no longer matches.

## Features

- Docstrings in JSDoc, Google, NumPy and reStructuredText styles
- README generation with installation, configuration and example sections
- Drift detection that comments on pull requests touching documented code
- A glossary of domain terms gathered from identifiers and comments

Commentary is free for individuals and open projects. Output quality drops on codebases with
very terse naming, and it will sometimes describe what the code does rather than why, so a
human pass is still recommended before publishing.`,
    tags: ['documentation', 'docstrings', 'readme', 'javascript'],
    pricing: 'free',
    websiteUrl: 'https://commentary.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.3,
    reviewCount: 8,
    ageDays: 620,
  },
  {
    slug: 'shellfish',
    name: 'Shellfish',
    categorySlug: 'coding',
    tagline: 'Describe what you want in plain words; get a shell command you can read before it runs.',
    description: `Shellfish lives in your terminal and turns requests like "find every log file over 100 MB
modified this week" into the exact command, with an explanation of each flag. It is a handy way to
learn new commands as you go.

## Why developers like it

- Always shows the command and waits for confirmation before running anything
- Marks destructive commands such as recursive deletes and force pushes in red
- Adapts to your shell (bash, zsh, fish, PowerShell) and your operating system
- Keeps a searchable history of requests and the commands they produced

It is a small, single-binary tool with no telemetry. You bring your own model endpoint, local or
hosted. Shellfish does not try to manage long multi-step sessions; it is deliberately scoped to
one command at a time, which some users find limiting for complex pipelines.`,
    tags: ['cli', 'terminal', 'shell', 'bash'],
    pricing: 'open-source',
    websiteUrl: 'https://shellfish.example',
    repoUrl: 'https://github.com/tidepool-dev/shellfish',
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.8,
    reviewCount: 11,
    ageDays: 160,
  },

  // Research
  {
    slug: 'footnote',
    name: 'Footnote',
    categorySlug: 'research',
    tagline:
      'A literature review agent that finds the papers, reads them and builds an annotated bibliography.',
    description: `Footnote takes a research question and returns a structured literature review: the key
papers, what each one found, where they disagree and what remains open. Every claim links back
to the passage it came from. It is designed to speed up the tedious first weeks of a review, not to
replace reading the key papers yourself.

## What it does

- Searches open-access repositories and the databases your institution subscribes to
- Extracts methods, sample sizes and effect sizes into a comparison table
- Groups papers by theme and highlights contradictory findings
- Exports to BibTeX, RIS and your reference manager of choice

Footnote is popular with graduate students and policy analysts. It reads full text only when it
has legal access to it, falling back to abstracts otherwise, and it labels which is which so you
know how much weight a summary can bear.`,
    tags: ['literature-review', 'academic', 'citations', 'bibtex', 'papers'],
    pricing: 'freemium',
    websiteUrl: 'https://footnote.example',
    repoUrl: null,
    docsUrl: 'https://footnote.example/help',
    verified: false,
    featured: true,
    ratingTarget: 4.5,
    reviewCount: 22,
    ageDays: 380,
  },
  {
    slug: 'burrow',
    name: 'Burrow',
    categorySlug: 'research',
    tagline: 'Multi-step web research that digs past the first page of results and cites every source.',
    description: `Burrow is built for questions that take an afternoon of tab-hopping to answer. It plans a
research path, visits dozens of sources, cross-checks what they say and writes a report with
inline citations.

### How it works

1. You describe the question and the depth you need, from a quick brief to a full report.
2. Burrow drafts a research plan you can edit before it starts.
3. It browses, reads and takes notes, discarding sources that contradict better-established ones.
4. You get a report with a confidence note on each section.

Typical uses include market sizing, competitor overviews and background research before
interviews. Reports take between five and twenty minutes. Burrow cannot log into paywalled sites,
and it will tell you when the public evidence is too thin to support a conclusion.`,
    tags: ['web-research', 'reports', 'citations', 'market-research'],
    pricing: 'paid',
    websiteUrl: 'https://burrow.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.1,
    reviewCount: 16,
    ageDays: 120,
  },
  {
    slug: 'provenance',
    name: 'Provenance',
    categorySlug: 'research',
    tagline: 'Checks claims against primary sources and shows its work, line by line.',
    description: `Provenance is an open-source fact-checking agent used by newsrooms and research teams.
Give it a draft article or a list of claims and it traces each one back to a primary source,
or reports that it could not. Editors see exactly which sources were consulted and why each verdict
was reached.

## Capabilities

- Splits a document into individual checkable claims
- Searches for primary sources rather than articles quoting other articles
- Rates each claim as supported, contradicted, misleading or unverifiable
- Produces an audit log that an editor can review in minutes

Provenance runs on your own infrastructure, which matters for unpublished drafts. It integrates
with common newsroom content systems through a simple HTTP API. It is weaker on numerical claims
that require combining several datasets, and the maintainers recommend human review for those.`,
    tags: ['fact-checking', 'journalism', 'citations', 'self-hosted'],
    pricing: 'open-source',
    websiteUrl: 'https://provenance.example',
    repoUrl: 'https://github.com/openclaims/provenance',
    docsUrl: 'https://provenance.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.3,
    reviewCount: 10,
    ageDays: 250,
  },
  {
    slug: 'priorart',
    name: 'Priorart',
    categorySlug: 'research',
    tagline: 'Patent and prior-art search that reads claims the way an examiner does.',
    description: `Priorart helps IP teams answer the question that comes before every filing: has someone
already done this? It searches patent offices worldwide along with technical literature, then
maps what it finds against the independent claims of your invention disclosure.

## Key features

- Semantic search across patent grants, applications and non-patent literature
- Claim charts that align each element of your claim with the closest prior art
- Translation of non-English patents with the original text kept alongside
- Watchlists that alert you when new filings land near your portfolio

Priorart is sold to law firms and corporate IP departments under an annual contract. It is a
research aid, not legal advice, and it is explicit that a qualified practitioner should review
every claim chart before it informs a decision.`,
    tags: ['patents', 'legal', 'ip', 'prior-art'],
    pricing: 'enterprise',
    websiteUrl: 'https://priorart.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.9,
    reviewCount: 5,
    ageDays: 460,
  },
  {
    slug: 'marginalia',
    name: 'Marginalia',
    categorySlug: 'research',
    tagline: 'Drop in a stack of PDFs and ask questions across all of them at once.',
    description: `Marginalia is a reading companion for long documents. Upload reports, papers, contracts or
books and ask questions across the whole collection; answers quote the exact passage and page. It is
built for the kind of reading where you need to find the one paragraph that matters in a thousand
pages, and quote it accurately.

## What you can do

- Ask questions across up to 200 documents in a single workspace
- Highlight and annotate, then export your notes as Markdown
- Generate chapter-by-chapter summaries with adjustable length
- Compare how two documents treat the same topic

Marginalia is free, funded by a university research grant, and processes documents in your
browser where possible. Scanned PDFs without a text layer go through optical character
recognition, which is slower and occasionally mangles tables and equations.`,
    tags: ['pdf', 'reading', 'summarization', 'annotation'],
    pricing: 'free',
    websiteUrl: 'https://marginalia.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 19,
    ageDays: 600,
  },
  {
    slug: 'field-notes',
    name: 'Field Notes',
    categorySlug: 'research',
    tagline: 'Turns hours of user interviews into themes, quotes and insights your team will actually read.',
    description: `Field Notes is built for UX researchers drowning in interview transcripts. It codes each
transcript, clusters observations into themes and pulls the quotes that best illustrate each
one, so a synthesis that used to take a week takes an afternoon. Recordings are processed in the
region of your choice.

## What it does

- Imports recordings and transcripts from common video meeting tools
- Suggests a codebook and applies it consistently across every interview
- Builds an affinity map you can rearrange before anything is finalized
- Writes a shareable insight report with anonymized quotes

Field Notes keeps the researcher in charge: every theme can be renamed, merged or rejected, and
the tool shows which transcripts support it. It handles English, Spanish, French and German
today. Very short interviews or heavily technical jargon produce noticeably weaker themes.`,
    tags: ['ux-research', 'interviews', 'synthesis', 'transcripts'],
    pricing: 'paid',
    websiteUrl: 'https://field-notes.example',
    repoUrl: null,
    docsUrl: 'https://field-notes.example/guide',
    verified: false,
    featured: false,
    ratingTarget: 3.7,
    reviewCount: 7,
    ageDays: 72,
  },
  {
    slug: 'benchmate',
    name: 'Benchmate',
    categorySlug: 'research',
    tagline: 'An open-source lab assistant that drafts protocols, calculates dilutions and logs experiments.',
    description: `Benchmate is an early-stage project from a group of bioinformaticians who were tired of
recalculating buffer recipes by hand. It is aimed at academic wet labs. Think of it as a careful
labmate who is good at arithmetic and never tires of double-checking units.

## Current features

- Drafts step-by-step protocols from a short description and a list of available reagents
- Calculates dilutions, molarities and master-mix volumes with units checked
- Keeps a plain-text experiment log that lives in your own repository
- Flags steps that commonly fail and suggests controls

Benchmate is still young. The protocol drafts need careful review, reagent names are sometimes
confused, and the electronic lab notebook integrations are experimental. The maintainers welcome
contributions and are clear that nothing it produces replaces a validated protocol.`,
    tags: ['lab', 'biology', 'protocols', 'science'],
    pricing: 'open-source',
    websiteUrl: 'https://benchmate.example',
    repoUrl: 'https://github.com/benchmate-project/benchmate',
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 2.9,
    reviewCount: 4,
    ageDays: 33,
  },

  // Customer Support
  {
    slug: 'replyhound',
    name: 'Replyhound',
    categorySlug: 'customer-support',
    tagline: 'Triage, tag and draft replies for every ticket before an agent even opens the queue.',
    description: `Replyhound sits in front of your help desk and does the first pass on every incoming ticket.
By the time a human opens the queue, tickets are tagged, prioritized and waiting with a draft reply
grounded in your help center and past resolutions.

## What it does

- Detects intent, sentiment and urgency, and routes tickets to the right team
- Drafts replies in your brand voice, citing the help article it relied on
- Spots trending issues, such as a spike in login complaints, and alerts the on-call lead
- Learns from agent edits so drafts need fewer changes over time

Support teams typically start with drafts only and later let Replyhound send answers to simple
questions automatically. It connects to the major help desk platforms, Slack and email. It does
not issue refunds or change account data; those actions always go to a person.`,
    tags: ['help-desk', 'ticket-triage', 'drafting', 'slack', 'email'],
    pricing: 'paid',
    websiteUrl: 'https://replyhound.example',
    repoUrl: null,
    docsUrl: 'https://docs.replyhound.example',
    verified: false,
    featured: true,
    ratingTarget: 4.4,
    reviewCount: 26,
    ageDays: 480,
  },
  {
    slug: 'ticket-tamer',
    name: 'Ticket Tamer',
    categorySlug: 'customer-support',
    tagline: 'Auto-tagging and routing for busy support queues, set up in an afternoon.',
    description: `Ticket Tamer does one job: getting every ticket to the right person with the right tags.
It is deliberately narrower than a full support agent, which makes it quick to set up and easy
to trust. Most teams see it routing correctly within the first week.

## Features

- Learns your tag taxonomy from a few hundred historical tickets
- Routes by language, product area, customer tier and business hours
- Merges duplicates when a customer writes in on several channels
- Weekly report on misrouted tickets so you can tune the rules

The free plan covers one inbox and 500 tickets a month, which is enough for many small teams.
Ticket Tamer does not write replies. If your taxonomy changes often, expect a few days of
retraining before accuracy settles back down.`,
    tags: ['ticket-routing', 'tagging', 'help-desk', 'automation'],
    pricing: 'freemium',
    websiteUrl: 'https://ticket-tamer.example',
    repoUrl: null,
    docsUrl: 'https://ticket-tamer.example/help',
    verified: false,
    featured: false,
    ratingTarget: 3.8,
    reviewCount: 13,
    ageDays: 300,
  },
  {
    slug: 'lumen-desk',
    name: 'Lumen Desk',
    categorySlug: 'customer-support',
    tagline:
      'A self-service chat assistant that answers from your docs and hands off gracefully when it cannot.',
    description: `Lumen Desk is a customer-facing chat assistant for companies with large knowledge bases.
It answers questions using only your approved content and knows when to stop guessing.

## Capabilities

- Answers from help centers, product manuals, policy documents and release notes
- Hands off to a human with the full conversation and a summary attached
- Supports authenticated sessions so it can look up order or subscription status
- Reports on unanswered questions to show where your documentation has gaps

## Deployment

Lumen Desk embeds as a web widget and in mobile apps, and it can run in a region of your choice
for data-residency requirements. Contracts include a dedicated success manager. Answers are only
as good as the underlying content, so teams with outdated help centers often spend the first
month cleaning up articles.`,
    tags: ['chatbot', 'self-service', 'knowledge-base', 'live-chat'],
    pricing: 'enterprise',
    websiteUrl: 'https://lumen-desk.example',
    repoUrl: null,
    docsUrl: 'https://lumen-desk.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 17,
    ageDays: 520,
  },
  {
    slug: 'refund-wrangler',
    name: 'Refund Wrangler',
    categorySlug: 'customer-support',
    tagline: 'Handles returns, exchanges and refund requests for online stores, within the rules you set.',
    description: `Refund Wrangler is a support agent for e-commerce teams buried in "where is my order" and
"can I return this" messages. It resolves them end to end inside the policy limits you define. Every
action it takes is logged, so your team can audit what was promised to each customer and why.

## What it handles

- Order status lookups with carrier tracking
- Return authorizations and prepaid label generation
- Exchanges for a different size or color when stock allows
- Refunds up to a configurable amount, with anything above escalated

It connects to the popular storefront platforms and shipping providers. Merchants report that
it handles the straightforward majority of requests well, but complex cases such as partial
refunds on bundled orders still need a person, and setup of policy rules takes some patience.`,
    tags: ['e-commerce', 'returns', 'refunds', 'shopify'],
    pricing: 'paid',
    websiteUrl: 'https://refund-wrangler.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.5,
    reviewCount: 9,
    ageDays: 140,
  },
  {
    slug: 'harborline',
    name: 'Harborline',
    categorySlug: 'customer-support',
    tagline: 'An open-source support agent you can host yourself, with retrieval over your own docs.',
    description: `Harborline is a self-hosted support assistant for teams that cannot send customer data to a
third party. It bundles a retrieval pipeline, a chat widget and an admin console in one container.
Everything, including conversation logs, stays inside your own network, and the whole stack can run
without internet access.

### Out of the box

- Indexes Markdown, HTML and PDF documentation on a schedule
- Embeddable chat widget with theming and multiple languages
- Escalation to email or any help desk that accepts webhooks
- Conversation review console with thumbs-up and thumbs-down feedback

Harborline works with local models as well as hosted endpoints. The project is maintained by a
small company that sells support contracts, and releases ship roughly monthly. Analytics are
basic compared with commercial tools, and there is no voice channel.`,
    tags: ['self-hosted', 'chatbot', 'rag', 'docker'],
    pricing: 'open-source',
    websiteUrl: 'https://harborline.example',
    repoUrl: 'https://github.com/harborline/harborline',
    docsUrl: 'https://harborline.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.1,
    reviewCount: 8,
    ageDays: 230,
  },
  {
    slug: 'voicebridge',
    name: 'Voicebridge',
    categorySlug: 'customer-support',
    tagline: 'A phone support agent that answers calls, authenticates callers and resolves routine requests.',
    description: `Voicebridge answers your support line with a natural-sounding voice agent. It greets
callers, verifies their identity and handles routine requests such as balance checks, appointment changes
and password resets. The goal is to shorten hold times by taking the simple calls off your agents'
plates, leaving people free for the conversations that need empathy and judgment.

## What it does

- Speech recognition tuned for noisy lines and a range of accents
- Identity verification through one-time codes or knowledge-based questions
- Warm transfer to a human agent with a live transcript
- Post-call summaries written straight into your CRM

Voicebridge integrates with the common contact-center platforms and SIP trunks. Latency can be
noticeable on long answers, and callers who interrupt frequently sometimes confuse it. Pricing
is per resolved minute, negotiated annually.`,
    tags: ['voice', 'call-center', 'telephony', 'crm'],
    pricing: 'enterprise',
    websiteUrl: 'https://voicebridge.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 2.7,
    reviewCount: 11,
    ageDays: 90,
  },
  {
    slug: 'macro-polo',
    name: 'Macro Polo',
    categorySlug: 'customer-support',
    tagline: 'Finds the replies your team keeps retyping and turns them into tidy, up-to-date macros.',
    description: `Macro Polo reads your sent support replies and notices when agents write the same thing
over and over. It proposes a saved reply, or macro, for each pattern and keeps existing macros
in sync with your product. Teams that try it often trim their macro library by half.

## How it helps

- Clusters similar replies and drafts a clean macro from the best examples
- Flags macros that mention features, prices or links that have since changed
- Suggests the right macro inside the reply box based on the customer's message
- Retires macros nobody has used in months

Macro Polo is a free browser extension that works with the major help desks. It only needs
read access to sent replies. It is brand new, so expect some rough edges in the suggestion
ranking while the developers gather feedback.`,
    tags: ['macros', 'canned-responses', 'browser-extension', 'help-desk'],
    pricing: 'free',
    websiteUrl: 'https://macro-polo.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 0,
    ageDays: 6,
  },

  // Data Analysis
  {
    slug: 'querysmith',
    name: 'Querysmith',
    categorySlug: 'data-analysis',
    tagline: 'Ask your warehouse a question in plain English and get a reviewed SQL query and a chart.',
    description: `Querysmith gives everyone on the team a way to answer data questions without waiting on the
analytics queue. It learns your warehouse schema and your metric definitions, then writes SQL
that an analyst would sign off on. Analysts spend less time on ad-hoc requests.

## What it does

- Translates questions into SQL for the major cloud warehouses and Postgres
- Uses your semantic layer so "active customer" means the same thing everywhere
- Shows the query, a plain-language explanation and a chart side by side
- Lets analysts verify answers so the best queries become reusable templates

Querysmith connects with read-only credentials and respects row-level security. It runs in
Slack and in the browser. Complex questions spanning poorly documented tables can produce
plausible but wrong joins, which is why it always shows its SQL.`,
    tags: ['sql', 'text-to-sql', 'data-warehouse', 'bi', 'slack'],
    pricing: 'freemium',
    websiteUrl: 'https://querysmith.example',
    repoUrl: null,
    docsUrl: 'https://docs.querysmith.example',
    verified: false,
    featured: true,
    ratingTarget: 4.5,
    reviewCount: 28,
    ageDays: 410,
  },
  {
    slug: 'tabulate',
    name: 'Tabulate',
    categorySlug: 'data-analysis',
    tagline: 'A spreadsheet analyst that writes formulas, cleans columns and explains the numbers.',
    description: `Tabulate is an add-on for spreadsheets that works like a patient analyst sitting next to
you. Select a range, ask a question and it writes the formula, builds the pivot table or
explains why the totals do not add up. It explains every formula it writes, so you learn along the
way instead of pasting in a mystery you cannot maintain.

## Features

- Formula writing and debugging, including lookups and array formulas
- One-click cleanup for dates, currencies and inconsistent category names
- Pivot tables and charts from a plain-language request
- Short written summaries of what changed between two versions of a sheet

Tabulate is free and works with the two most popular spreadsheet apps. Performance degrades on
sheets with more than about 100,000 rows, where the developers recommend moving to a proper
database.`,
    tags: ['spreadsheets', 'formulas', 'excel', 'data-cleaning'],
    pricing: 'free',
    websiteUrl: 'https://tabulate.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.1,
    reviewCount: 20,
    ageDays: 650,
  },
  {
    slug: 'cellmate',
    name: 'Cellmate',
    categorySlug: 'data-analysis',
    tagline:
      'An agent for Jupyter notebooks that plans an analysis, runs the cells and fixes its own errors.',
    description: `Cellmate brings an agent loop into Jupyter. Describe an analysis and it writes cells, runs
them, reads the output and adjusts, all inside a notebook you can inspect and rerun. Because
everything happens in ordinary cells, you can take over at any point and keep working by hand.

## Capabilities

- Exploratory analysis with pandas, Polars and common plotting libraries
- Automatic recovery from errors such as missing columns or wrong data types
- Explains each step in a Markdown cell above the code
- Works with JupyterLab, classic notebooks and VS Code notebooks

Cellmate is open source and model-agnostic. It executes code in your kernel, so the maintainers
recommend running it in a container when working with untrusted data. It is strongest on tabular
data; image and geospatial workflows are supported but less polished.`,
    tags: ['jupyter', 'python', 'pandas', 'notebooks', 'visualization'],
    pricing: 'open-source',
    websiteUrl: 'https://cellmate.example',
    repoUrl: 'https://github.com/cellmate-ai/cellmate',
    docsUrl: 'https://cellmate.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.3,
    reviewCount: 15,
    ageDays: 300,
  },
  {
    slug: 'outlier',
    name: 'Outlier',
    categorySlug: 'data-analysis',
    tagline: 'Watches your key metrics and explains every unexpected spike or dip before the Monday meeting.',
    description: `Outlier monitors business metrics and tells you when something unusual happens, along with
a first guess at why. Instead of a red line on a dashboard, you get a short note: signups fell
18% yesterday, almost entirely from one ad campaign that stopped serving. It is designed to catch
problems while there is still time to act on them.

## What it does

- Learns seasonality so weekends and holidays do not trigger false alarms
- Breaks down each anomaly by segment, channel and region
- Posts alerts to Slack or email with a root-cause hypothesis
- Tracks whether each alert was useful and tunes sensitivity accordingly

Outlier reads from your warehouse on a schedule you choose. Explanations are hypotheses, not
proof, and the first two weeks tend to be noisy while it learns your patterns.`,
    tags: ['anomaly-detection', 'metrics', 'monitoring', 'alerts'],
    pricing: 'paid',
    websiteUrl: 'https://outlier.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.9,
    reviewCount: 10,
    ageDays: 180,
  },
  {
    slug: 'chartwell',
    name: 'Chartwell',
    categorySlug: 'data-analysis',
    tagline: 'Builds governed dashboards from questions, for analytics teams that support the whole company.',
    description: `Chartwell is a dashboard-building agent for data teams that field constant requests.
Business users describe what they want to see, and Chartwell drafts a dashboard using approved metrics and
datasets for an analyst to review and publish. Analysts stay in control of what gets published,
while requesters get a usable draft in hours instead of weeks.

## Key features

- Drafts dashboards in your existing BI tool rather than a proprietary viewer
- Uses certified datasets and flags requests that would need new ones
- Keeps a request queue with status updates for the person who asked
- Audits existing dashboards for stale or duplicated charts

Chartwell is sold to companies with an established analytics function. Setup includes mapping
your metric catalogue, which can take a few weeks. Small teams without a semantic layer will get
less out of it.`,
    tags: ['dashboards', 'bi', 'governance', 'analytics'],
    pricing: 'enterprise',
    websiteUrl: 'https://chartwell.example',
    repoUrl: null,
    docsUrl: 'https://chartwell.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 6,
    ageDays: 260,
  },
  {
    slug: 'scrubjay',
    name: 'Scrubjay',
    categorySlug: 'data-analysis',
    tagline: 'A data cleaning agent that profiles messy files and proposes fixes you can review as code.',
    description: `Scrubjay profiles a dataset, finds the problems and proposes a cleaning script. Every fix
is expressed as readable Python, so nothing happens to your data that you cannot audit. Nothing is
changed in place: you review the proposed script, edit it if needed and run it yourself.

## What it catches

- Inconsistent date formats, encodings and units
- Near-duplicate records, such as the same company spelled four ways
- Impossible values, like negative ages or future birth dates
- Columns with suspicious missing-value patterns

Scrubjay reads CSV, Parquet and Excel files and can connect to a database table. It is a
command-line tool with an optional local web view. It is open source and young; fuzzy matching
on very large tables is slow, and the maintainers are working on a faster backend.`,
    tags: ['data-cleaning', 'python', 'csv', 'data-quality'],
    pricing: 'open-source',
    websiteUrl: 'https://scrubjay.example',
    repoUrl: 'https://github.com/scrubjay-data/scrubjay',
    docsUrl: 'https://scrubjay.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 3.7,
    reviewCount: 8,
    ageDays: 55,
  },
  {
    slug: 'tally-ho',
    name: 'Tally Ho',
    categorySlug: 'data-analysis',
    tagline: 'Survey analysis that codes open-ended answers and cross-tabs results in minutes.',
    description: `Tally Ho is an analysis assistant for survey data. Upload an export from your survey tool
and it produces cross-tabs, significance tests and a coded breakdown of open-ended responses. It is
aimed at product and marketing teams who run surveys regularly but do not have a dedicated
statistician to analyze them. Results arrive in minutes rather than days.

## Features

- Automatic coding of free-text answers into themes with example quotes
- Cross-tabulation by any demographic or behavioral question
- Significance testing with plain-language explanations of what the numbers mean
- Slide-ready charts exported as images or a presentation file

Tally Ho works with the exports of most survey platforms. Users report that theme coding is
inconsistent between runs and that weighting options are limited, so it suits quick internal
surveys better than published research.`,
    tags: ['surveys', 'statistics', 'text-analysis', 'reporting'],
    pricing: 'paid',
    websiteUrl: 'https://tally-ho.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.2,
    reviewCount: 5,
    ageDays: 120,
  },

  // Sales
  {
    slug: 'coldbrew',
    name: 'Coldbrew',
    categorySlug: 'sales',
    tagline: 'Researches each prospect and writes outreach that sounds like you did your homework.',
    description: `Coldbrew writes first-touch sales emails that reference something real about the person you
are contacting: a recent talk, a job posting, a product launch. The goal is fewer, better emails
rather than more of them. Fewer emails, sent to better-matched prospects, tend to perform better for
most teams.

## What it does

- Researches each prospect from public sources and your CRM history
- Drafts a short email and two follow-ups in your own voice
- Scores each draft for personalization and warns when it sounds generic
- Syncs sequences to the major sales engagement tools

Coldbrew offers a free tier with 50 prospects a month. It will not send anything without your
approval. Research quality varies a lot by industry: prospects with little public footprint get
noticeably blander emails, and some users find the follow-ups repetitive.`,
    tags: ['outreach', 'cold-email', 'personalization', 'prospecting'],
    pricing: 'freemium',
    websiteUrl: 'https://coldbrew.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.6,
    reviewCount: 21,
    ageDays: 350,
  },
  {
    slug: 'callback',
    name: 'Callback',
    categorySlug: 'sales',
    tagline: 'Joins your sales calls, writes the notes and updates the CRM so you do not have to.',
    description: `Callback listens to sales calls and takes care of the admin that follows them. Reps get
their evenings back, and managers get a CRM that actually reflects what happened on each deal. Reps
review the notes before anything is saved, so nothing goes into the record that they did not see
first.

## Highlights

- Call summaries with next steps, objections raised and competitors mentioned
- Automatic updates to deal stage, close date and contact fields
- Follow-up email drafted before you leave the call
- Deal risk alerts when key stakeholders go quiet

Callback joins video meetings as a visible participant and announces that it is recording.
It works with the leading CRMs and video platforms. Accuracy is lower on calls with heavy
crosstalk, and it currently supports English and Spanish only.`,
    tags: ['call-notes', 'crm', 'meetings', 'sales-ops'],
    pricing: 'paid',
    websiteUrl: 'https://callback.example',
    repoUrl: null,
    docsUrl: 'https://callback.example/help',
    verified: false,
    featured: false,
    ratingTarget: 4.3,
    reviewCount: 18,
    ageDays: 270,
  },
  {
    slug: 'lead-lantern',
    name: 'Lead Lantern',
    categorySlug: 'sales',
    tagline: 'Enriches and scores inbound leads so reps spend their time on the ones likely to buy.',
    description: `Lead Lantern takes every inbound lead, fills in what the form did not ask and scores it
against the profile of customers who actually closed. The result is a shorter response time for the
leads that matter and less time wasted on tire-kickers and students doing research projects.

## Capabilities

- Firmographic enrichment: company size, industry, funding stage and tech stack
- Fit and intent scoring trained on your own closed-won and closed-lost deals
- Routing rules that send hot leads to the right rep within minutes
- Explanations for every score, so reps understand why a lead ranks high

Lead Lantern integrates with marketing automation platforms and CRMs and is priced per seat on
annual contracts. Scoring needs at least a few hundred historical deals to be meaningful, so
very early-stage companies may not benefit.`,
    tags: ['lead-scoring', 'enrichment', 'crm', 'routing'],
    pricing: 'enterprise',
    websiteUrl: 'https://lead-lantern.example',
    repoUrl: null,
    docsUrl: 'https://docs.lead-lantern.example',
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 12,
    ageDays: 440,
  },
  {
    slug: 'objection-coach',
    name: 'Objection Coach',
    categorySlug: 'sales',
    tagline: 'Roleplay realistic sales calls with an AI buyer and get scored feedback after every session.',
    description: `Objection Coach is a practice partner for sales reps. It plays a buyer, complete with
budget worries, a skeptical CFO and a competitor already in the running, and then coaches
you on how the conversation went. Reps can practice as often as they like, without the awkwardness
of roleplaying with a colleague.

## How it works

1. Pick a scenario or build one from your own product and ideal customer profile.
2. Talk through the call by voice or text; the buyer pushes back realistically.
3. Get a scorecard covering discovery, handling objections and next steps.
4. Replay the moments that mattered with suggested alternative phrasing.

Sales enablement teams use it for onboarding and for certifying reps before a product launch.
Scenarios are only as good as the context you give them, and some reviewers find the default
buyers too easy to win over.`,
    tags: ['sales-training', 'roleplay', 'coaching', 'onboarding'],
    pricing: 'paid',
    websiteUrl: 'https://objection-coach.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.4,
    reviewCount: 9,
    ageDays: 80,
  },
  {
    slug: 'bidwell',
    name: 'Bidwell',
    categorySlug: 'sales',
    tagline: 'Answers RFPs and security questionnaires from your approved content library.',
    description: `Bidwell takes the drudgery out of requests for proposal and vendor security questionnaires.
It reads the document, drafts an answer to every question from your content library and sends
the hard ones to the right subject-matter expert. Teams typically cut the time spent on a large
questionnaire from weeks to days, with answers that stay consistent from one bid to the next.

## What it does

- Imports spreadsheets, PDFs and portal questionnaires
- Drafts answers with a confidence score and the source it used
- Assigns low-confidence questions to owners with deadlines
- Keeps the content library fresh by flagging answers older than a set age

Bidwell is aimed at sales and proposal teams in mid-size and large companies. It exports back into
the original format, including awkward spreadsheet layouts. Answers about pricing and legal terms
are never auto-approved.`,
    tags: ['rfp', 'proposals', 'security-questionnaires', 'content-library'],
    pricing: 'enterprise',
    websiteUrl: 'https://bidwell.example',
    repoUrl: null,
    docsUrl: 'https://bidwell.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4.1,
    reviewCount: 7,
    ageDays: 190,
  },
  {
    slug: 'funnelweb',
    name: 'Funnelweb',
    categorySlug: 'sales',
    tagline: 'An open-source sales agent toolkit for the CRM you already run, with no per-seat fees.',
    description: `Funnelweb is a set of open-source agents that plug into self-hosted and cloud CRMs. It grew
out of a small agency's internal tooling and was released so other small teams could skip the
per-seat pricing of commercial tools. Each agent is a small, readable script, so you can adapt it to
your own process.

## Included agents

- A research agent that builds account briefs before meetings
- A hygiene agent that merges duplicate contacts and fills missing fields
- A follow-up agent that reminds owners about deals with no activity
- A weekly pipeline summary posted to chat

Funnelweb needs some technical setup: a container host, API credentials and a model endpoint.
Documentation is thin in places and the connectors for some CRMs are community-maintained, so
expect to read code occasionally.`,
    tags: ['crm', 'self-hosted', 'pipeline', 'automation'],
    pricing: 'open-source',
    websiteUrl: 'https://funnelweb.example',
    repoUrl: 'https://github.com/funnelweb-crm/funnelweb',
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.5,
    reviewCount: 4,
    ageDays: 140,
  },
  {
    slug: 'follow-up-fox',
    name: 'Follow-up Fox',
    categorySlug: 'sales',
    tagline: 'Nudges you about stale deals and drafts the follow-up email so nothing slips through.',
    description: `Follow-up Fox is a lightweight browser extension for salespeople who live in their inbox.
It watches your threads and reminds you when a promising conversation has gone quiet. The idea is
simple and appealing for solo sellers and freelancers who juggle dozens of conversations.

## Features

- Detects threads where the prospect was the last to reply, or where you promised something
- Drafts a friendly follow-up that references the previous message
- Snooze and reminder controls right inside your email client
- A weekly list of conversations that went cold

It is free and easy to install. However, reviewers often mention that the reminders are too
frequent, the drafts lean on stock phrases, and it has not seen a meaningful update in a long
time. It does not connect to any CRM.`,
    tags: ['email', 'follow-up', 'reminders', 'browser-extension'],
    pricing: 'free',
    websiteUrl: 'https://follow-up-fox.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 2.6,
    reviewCount: 10,
    ageDays: 600,
  },

  // Writing
  {
    slug: 'quill-and-ink',
    name: 'Quill & Ink',
    categorySlug: 'writing',
    tagline:
      'A long-form writing partner that learns your voice and helps you go from outline to final draft.',
    description: `Quill & Ink is for people who write for a living and do not want to sound like everyone
else. Feed it a few pieces of your past writing and it learns your rhythm, vocabulary and quirks, then
helps you draft, restructure and revise without flattening your voice.

## What it does

- Turns rough notes into an outline you can drag and reorder
- Drafts sections in your voice, or stays out of the way and only edits
- Suggests cuts when a piece runs long, explaining what each cut loses
- Keeps a "house rules" file for style choices you always want respected

## Good to know

Quill & Ink exports to Markdown, Word and the major publishing platforms. It is strongest on
essays, newsletters and long-form articles. It does not fact-check, so anything it adds to a
draft should be verified before publishing.`,
    tags: ['long-form', 'drafting', 'editing', 'voice', 'newsletters'],
    pricing: 'freemium',
    websiteUrl: 'https://quill-and-ink.example',
    repoUrl: null,
    docsUrl: 'https://quill-and-ink.example/guide',
    verified: false,
    featured: true,
    ratingTarget: 4.6,
    reviewCount: 29,
    ageDays: 560,
  },
  {
    slug: 'red-pen',
    name: 'Red Pen',
    categorySlug: 'writing',
    tagline: 'A line editor that catches grammar slips, clunky sentences and repeated words.',
    description: `Red Pen is a no-frills line editor. Paste in text, or use the browser extension, and it
marks up your draft the way a careful copy editor would, explaining every suggestion. It is a
favorite of students, bloggers and anyone who wants a second pair of eyes before hitting publish.

## What it checks

- Grammar, spelling and punctuation, in British, American, Canadian and Australian English
- Wordy sentences, passive voice and overused words
- Consistency of terms, capitalization and number formatting
- Readability, with a score and the sentences dragging it down

Red Pen is entirely free and shows no ads; the developer funds it through donations. It does not
rewrite your text wholesale, which is a deliberate choice. Support for languages other than
English is limited to spelling.`,
    tags: ['grammar', 'proofreading', 'editing', 'browser-extension'],
    pricing: 'free',
    websiteUrl: 'https://red-pen.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 24,
    ageDays: 690,
  },
  {
    slug: 'ghostwright',
    name: 'Ghostwright',
    categorySlug: 'writing',
    tagline: 'Ghostwriting for busy executives: posts, op-eds and talks drafted from a short voice memo.',
    description: `Ghostwright turns a two-minute voice memo into a polished social post, op-ed or talk
outline. It is built for founders and executives who have opinions worth sharing but no time to write them
down. It also keeps track of topics you have already covered, so you do not repeat yourself from one
month to the next.

## How it works

1. Record a voice memo or jot down a few bullet points.
2. Ghostwright asks two or three clarifying questions.
3. It drafts the piece in your established tone, with a few alternative openings.
4. You approve, tweak or ask for another angle.

It includes a content calendar and can schedule posts on the main professional networks.
Reviewers like the speed but note that drafts can drift toward generic business language if you
do not keep correcting it, and the subscription is pricey for individuals.`,
    tags: ['ghostwriting', 'linkedin', 'thought-leadership', 'voice-memo'],
    pricing: 'paid',
    websiteUrl: 'https://ghostwright.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.4,
    reviewCount: 13,
    ageDays: 150,
  },
  {
    slug: 'plotline',
    name: 'Plotline',
    categorySlug: 'writing',
    tagline: 'A fiction writing companion for outlining, continuity and getting unstuck mid-chapter.',
    description: `Plotline helps novelists and screenwriters keep big stories straight. It is less about
writing your prose for you and more about being the collaborator who remembers every detail. It also
tracks subplots and open threads, reminding you of the gun on the mantelpiece you have not fired
yet. Writers say it feels like a meticulous editor who has read every draft.

## Features

- Story bible with characters, places and timelines built from your manuscript
- Continuity checks that catch eye colors changing and characters in two places at once
- Brainstorming partner for "what happens next" when you are stuck
- Beat-sheet outlining using several common story structures

Plotline keeps your manuscript private and never trains on it. The free plan covers one project.
It handles manuscripts up to about 200,000 words; beyond that, continuity checks get slower and
occasionally miss things.`,
    tags: ['fiction', 'outlining', 'storytelling', 'screenwriting'],
    pricing: 'freemium',
    websiteUrl: 'https://plotline.example',
    repoUrl: null,
    docsUrl: 'https://plotline.example/guide',
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 16,
    ageDays: 320,
  },
  {
    slug: 'grantsmith',
    name: 'Grantsmith',
    categorySlug: 'writing',
    tagline: 'Drafts grant proposals that follow the funder guidelines to the letter, section by section.',
    description: `Grantsmith is a proposal-writing assistant for nonprofits and research groups. It reads a
funder's call, extracts every requirement and helps you write a proposal that answers all of them.
Teams use it to keep proposals on deadline without cutting corners on quality. Small teams in
particular find it helpful.

## What it does

- Builds a requirements checklist from the call for proposals
- Drafts narrative sections from your organization's past proposals and reports
- Checks word and character limits per section as you write
- Reviews the draft against the funder's scoring criteria

Grantsmith keeps a library of your boilerplate, such as mission statements, staff bios and
budget justifications, so you do not rewrite them every time. It does not search for funding
opportunities, and budget tables still need to be prepared in a spreadsheet.`,
    tags: ['grants', 'nonprofit', 'proposals', 'academic'],
    pricing: 'paid',
    websiteUrl: 'https://grantsmith.example',
    repoUrl: null,
    docsUrl: 'https://grantsmith.example/help',
    verified: false,
    featured: false,
    ratingTarget: 4.3,
    reviewCount: 6,
    ageDays: 110,
  },
  {
    slug: 'housestyle',
    name: 'Housestyle',
    categorySlug: 'writing',
    tagline: 'Enforces your style guide on every document and pull request, like a linter for prose.',
    description: `Housestyle turns a written style guide into automated checks. Define your rules once, from
banned phrases to how you capitalize product names, and it flags violations wherever your team
writes. It brings the consistency of a code linter to documentation and help content, without
requiring writers to learn a new tool.

## Capabilities

- Rules written in a readable YAML format, with model-based checks for tone and clarity
- Command-line tool and CI integration for documentation in Git repositories
- Editor plugins that underline issues as you type
- Starter rule sets based on widely used technical writing guidelines

Housestyle is open source and popular with documentation teams. It runs entirely offline unless
you enable the model-based checks. Teams writing marketing copy find the default rules too strict
and usually trim them down.`,
    tags: ['style-guide', 'linter', 'documentation', 'ci'],
    pricing: 'open-source',
    websiteUrl: 'https://housestyle.example',
    repoUrl: 'https://github.com/housestyle-dev/housestyle',
    docsUrl: 'https://housestyle.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.4,
    reviewCount: 11,
    ageDays: 240,
  },
  {
    slug: 'tone-tuner',
    name: 'Tone Tuner',
    categorySlug: 'writing',
    tagline: 'Rewrites a tense email so it lands as firm, friendly or formal, whichever you need.',
    description: `Tone Tuner is a small tool for the emails you rewrite five times before sending. Paste a
draft, choose how you want it to come across and compare the rewritten versions side by side. It is
especially handy for non-native speakers and anyone writing to a difficult client.

## What it offers

- Tone presets such as firm but kind, apologetic, formal and casual
- A "too much?" meter that flags passive-aggressive or overly harsh phrasing
- Shorter and longer variants of each rewrite
- Highlights of every change so you can keep your own wording

Tone Tuner launched this week and is free while in beta. It works in the browser only; there is
no email client integration yet, and rewrites for languages other than English are not supported.`,
    tags: ['email', 'tone', 'rewriting', 'communication'],
    pricing: 'free',
    websiteUrl: 'https://tone-tuner.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.4,
    reviewCount: 0,
    ageDays: 1,
  },

  // Marketing
  {
    slug: 'brightcast',
    name: 'Brightcast',
    categorySlug: 'marketing',
    tagline: 'Plans multi-channel campaigns from a single brief, then drafts every asset to match.',
    description: `Brightcast turns a one-page campaign brief into a full plan: channels, timeline, budget
split and a first draft of every asset. Marketers stay in charge of strategy while the agent
handles the busywork of keeping dozens of pieces consistent.

## What it does

- Recommends a channel mix based on audience, budget and past campaign results
- Drafts emails, landing page copy, social posts and ad variants from one brief
- Keeps messaging, offers and dates consistent across every asset
- Builds a launch checklist and assigns tasks to your team

Brightcast connects to the main email and advertising platforms but does not publish anything
on its own. Its channel recommendations are only as good as the historical data you connect;
new brands without past campaigns get fairly generic plans.`,
    tags: ['campaigns', 'content', 'email-marketing', 'planning'],
    pricing: 'paid',
    websiteUrl: 'https://brightcast.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.9,
    reviewCount: 15,
    ageDays: 290,
  },
  {
    slug: 'crawlspace',
    name: 'Crawlspace',
    categorySlug: 'marketing',
    tagline: 'An SEO auditor that crawls your site, prioritizes fixes and writes the tickets for them.',
    description: `Crawlspace crawls your website like a search engine would and tells you, in order of impact,
what is holding it back. Each finding comes with a clear explanation and a ready-to-file ticket. It
is built for marketing teams that need to convince engineers to fix things, so every issue explains
the business impact as well as the technical cause.

## Capabilities

- Technical audits: broken links, redirect chains, slow pages and indexing problems
- Content audits that find thin, duplicate and cannibalizing pages
- Internal linking suggestions based on topic clusters
- Structured data validation with suggested fixes

The free plan crawls up to 500 pages a month; paid plans add scheduled crawls and integrations
with issue trackers. Crawlspace does not track rankings or backlinks, so most teams use it
alongside a separate rank tracker.`,
    tags: ['seo', 'site-audit', 'content', 'technical-seo'],
    pricing: 'freemium',
    websiteUrl: 'https://crawlspace.example',
    repoUrl: null,
    docsUrl: 'https://crawlspace.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 19,
    ageDays: 420,
  },
  {
    slug: 'adlib',
    name: 'Adlib',
    categorySlug: 'marketing',
    tagline: 'Generates ad copy variants, runs the tests and tells you which message is actually winning.',
    description: `Adlib writes and tests ad creative for paid search and social campaigns. It generates
variants around a core message, launches them as structured experiments and reports which angles
resonate with which audiences. The focus is on learning, so every test adds to what you know about
your audience.

## Highlights

- Headline and body copy variants within each platform's character limits
- Structured experiments so you learn which angle works, not just which ad
- Automatic pausing of clear losers once results are significant
- A running "message map" of what your audience responds to

Adlib connects to the major ad platforms with your approval for each launch. Reviewers praise
the testing discipline but say the copy itself can feel formulaic, and small budgets take a long
time to reach significant results.`,
    tags: ['advertising', 'ab-testing', 'copywriting', 'ppc'],
    pricing: 'paid',
    websiteUrl: 'https://adlib.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.6,
    reviewCount: 12,
    ageDays: 180,
  },
  {
    slug: 'chirpwell',
    name: 'Chirpwell',
    categorySlug: 'marketing',
    tagline: 'Schedules social posts, drafts replies to comments and flags conversations worth joining.',
    description: `Chirpwell manages the everyday grind of social media for small brands. It drafts posts from
your content calendar, suggests replies to comments and watches for conversations where your
brand could add something useful. It is built for small teams where social media is one job among
many, rather than a full-time role with a dedicated community manager.

## Features

- Content calendar with drafts adapted to each network's format
- Reply suggestions for comments and mentions, with sentiment flags
- Listening for keywords and competitor mentions
- Simple weekly reports on reach and engagement

The free plan supports three profiles. Users appreciate the scheduling, but several report that
reply suggestions can be tone-deaf on sensitive topics and that the listening feature misses
posts on smaller networks. Posting always requires a human click.`,
    tags: ['social-media', 'scheduling', 'community', 'listening'],
    pricing: 'freemium',
    websiteUrl: 'https://chirpwell.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.3,
    reviewCount: 17,
    ageDays: 510,
  },
  {
    slug: 'mirrorball',
    name: 'Mirrorball',
    categorySlug: 'marketing',
    tagline: 'Builds evidence-based customer personas from your research, reviews and support tickets.',
    description: `Mirrorball synthesizes everything your customers have told you, in surveys, reviews,
support tickets and sales calls, into personas and messaging guidance grounded in real quotes.
Personas stay connected to the underlying evidence, so anyone can check why a segment looks the way
it does and challenge it when the data changes.

## What it does

- Clusters customers by needs and language rather than demographics alone
- Writes persona profiles with jobs to be done, objections and trigger events
- Tests draft messaging against each persona and explains likely reactions
- Refreshes personas quarterly as new feedback arrives

Mirrorball is sold to marketing and product teams at larger companies, with onboarding handled by
the vendor. It needs a healthy volume of customer feedback to be useful, and it treats simulated
reactions as hypotheses to test, not conclusions.`,
    tags: ['personas', 'messaging', 'customer-research', 'positioning'],
    pricing: 'enterprise',
    websiteUrl: 'https://mirrorball.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 5,
    ageDays: 150,
  },
  {
    slug: 'dispatch-desk',
    name: 'Dispatch Desk',
    categorySlug: 'marketing',
    tagline: 'Curates links, drafts blurbs and assembles your weekly newsletter in half the time.',
    description: `Dispatch Desk is an assistant for people who publish a curated newsletter. Save links during
the week and it drafts the blurbs, suggests an order and assembles an issue ready for your final
edit. Curators keep full control of the final issue. It also keeps an archive of every link you have
ever shared, so you never feature the same story twice.

## How it works

- Save articles from the browser extension, email forwards or an RSS feed
- Dispatch Desk summarizes each one in your newsletter's voice
- It groups items into sections and suggests a subject line
- Export to the common newsletter platforms as clean HTML or Markdown

Dispatch Desk is free for newsletters under 5,000 subscribers. It does not send email itself. A
few users mention that summaries occasionally miss the point of opinion pieces, so reading the
original is still wise.`,
    tags: ['newsletter', 'curation', 'content', 'rss'],
    pricing: 'free',
    websiteUrl: 'https://dispatch-desk.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.1,
    reviewCount: 9,
    ageDays: 75,
  },
  {
    slug: 'attributor',
    name: 'Attributor',
    categorySlug: 'marketing',
    tagline: 'Open-source marketing attribution that explains which channels actually drive revenue.',
    description: `Attributor is an open-source agent that reads your event and revenue data and answers the
question every marketing team argues about: which channels are actually working? Instead of a
black-box number, you get a model you can inspect, question and adjust. The maintainers publish the
assumptions behind each model so analysts can explain results to skeptical stakeholders.

## Capabilities

- Multi-touch attribution with several models you can compare side by side
- Plain-language explanations of how each model reached its numbers
- Detection of broken campaign tracking parameters and untagged traffic
- A weekly summary of spend versus attributed revenue per channel

Attributor runs against your own warehouse, so no customer data leaves your infrastructure. It
is a new project and expects clean event data; setup assumes you are comfortable with SQL and
dbt-style transformations.`,
    tags: ['attribution', 'analytics', 'self-hosted', 'sql'],
    pricing: 'open-source',
    websiteUrl: 'https://attributor.example',
    repoUrl: 'https://github.com/attributor-oss/attributor',
    docsUrl: 'https://attributor.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 3.8,
    reviewCount: 0,
    ageDays: 40,
  },

  // Productivity
  {
    slug: 'sortie',
    name: 'Sortie',
    categorySlug: 'productivity',
    tagline: 'Email triage that sorts, summarizes and drafts replies so your inbox takes minutes, not hours.',
    description: `Sortie reads your inbox each morning and sorts it into what needs you today, what can wait
and what can go. Long threads get a three-line summary, and routine messages get a draft reply
waiting in your drafts folder. Most users reach inbox zero within a week.

## What it does

- Priority sorting that learns from what you open, archive and answer
- Thread summaries with decisions, questions and deadlines pulled out
- Draft replies in your own writing style for routine requests
- A daily digest of newsletters instead of a dozen separate emails

Sortie works with the two biggest email providers and never sends on your behalf without
confirmation. The free tier covers one account. Heavy users of shared inboxes report that
priority sorting takes a couple of weeks to get right.`,
    tags: ['email', 'inbox', 'triage', 'summarization'],
    pricing: 'freemium',
    websiteUrl: 'https://sortie.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.3,
    reviewCount: 25,
    ageDays: 470,
  },
  {
    slug: 'minutehand',
    name: 'Minutehand',
    categorySlug: 'productivity',
    tagline: 'Meeting notes, decisions and action items, delivered to the right people before the call ends.',
    description: `Minutehand joins your meetings, takes notes and makes sure decisions do not evaporate when
the call ends. Action items land in your task manager with an owner and a due date. It also works
for in-person meetings through the mobile app, so hybrid teams get the same notes no matter how
people join.

## Features

- Live transcript with speaker labels and searchable highlights
- Structured notes: summary, decisions, open questions and action items
- Automatic hand-off of action items to popular task and project tools
- Ask-anything search across every past meeting

Minutehand asks every participant for consent and can be set to join only meetings you host.
It supports more than 20 languages. Notes on very technical discussions sometimes simplify too
much, so many teams skim and edit before sharing.`,
    tags: ['meetings', 'notes', 'transcription', 'action-items'],
    pricing: 'freemium',
    websiteUrl: 'https://minutehand.example',
    repoUrl: null,
    docsUrl: 'https://minutehand.example/help',
    verified: false,
    featured: false,
    ratingTarget: 4.4,
    reviewCount: 22,
    ageDays: 380,
  },
  {
    slug: 'slotwise',
    name: 'Slotwise',
    categorySlug: 'productivity',
    tagline:
      'A scheduling agent that negotiates meeting times over email so you never send "does Tuesday work?"',
    description: `Slotwise handles the back-and-forth of scheduling. Copy it on an email thread and it
proposes times, handles the replies, books the room and sends the invite. It writes politely and
identifies itself as an assistant in every message. Your calendar stays yours: it only books times
you have made available.

## What it does

- Reads your calendar and your stated preferences, such as no meetings before 10
- Negotiates with external people over email in natural language
- Protects focus blocks and rebalances when your week gets overloaded
- Handles time zones and daylight saving changes correctly

Slotwise works with the major calendar providers. It charges per user per month. Some recipients
are confused by an assistant replying on your behalf, and complex multi-party meetings with five
or more external people still tend to need a human nudge.`,
    tags: ['scheduling', 'calendar', 'email', 'assistant'],
    pricing: 'paid',
    websiteUrl: 'https://slotwise.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.8,
    reviewCount: 14,
    ageDays: 260,
  },
  {
    slug: 'knapsack',
    name: 'Knapsack',
    categorySlug: 'productivity',
    tagline:
      'A local-first second brain that links your notes and answers questions about everything you saved.',
    description: `Knapsack is an open-source, local-first knowledge base with an agent built in. Your notes
stay as plain Markdown files on your disk, and the agent helps you connect and retrieve them. No
account is required, and your notes never leave your machine unless you choose to sync them.

## What it does

- Suggests links between related notes as you write
- Answers questions across your notes with citations to the exact paragraph
- Imports from web clippings, PDFs, and exports of popular note apps
- Writes weekly reviews that resurface forgotten ideas

Knapsack runs fully offline with a local model, or with a hosted model if you prefer. Sync is
left to whatever tool you already use for files. The mobile app is read-only for now, which is
the most common complaint in the issue tracker.`,
    tags: ['notes', 'knowledge-base', 'markdown', 'local-first', 'privacy'],
    pricing: 'open-source',
    websiteUrl: 'https://knapsack.example',
    repoUrl: 'https://github.com/knapsack-notes/knapsack',
    docsUrl: 'https://knapsack.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.5,
    reviewCount: 13,
    ageDays: 330,
  },
  {
    slug: 'tasklark',
    name: 'Tasklark',
    categorySlug: 'productivity',
    tagline: 'Turns chat messages and emails into tasks with due dates, without copy-paste.',
    description: `Tasklark watches the places where work gets requested, such as chat, email and comments, and
turns requests aimed at you into tasks in your to-do app. Nothing is added to your list until you
approve it, so your task manager stays clean. It is designed for people who get asks from many
directions and lose track of half of them.

## Features

- Detects requests and commitments, including "I'll send that by Friday"
- Creates tasks with a link back to the original message
- Suggests due dates and priorities based on context
- Daily summary of new tasks so you can accept or dismiss them in bulk

Tasklark is free for personal use and supports several popular task managers. It catches
obvious requests well but misses indirect ones, and it occasionally creates tasks from jokes.`,
    tags: ['tasks', 'to-do', 'slack', 'email'],
    pricing: 'free',
    websiteUrl: 'https://tasklark.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.5,
    reviewCount: 8,
    ageDays: 120,
  },
  {
    slug: 'hushmode',
    name: 'Hushmode',
    categorySlug: 'productivity',
    tagline: 'Batches your notifications and only interrupts you for things that truly cannot wait.',
    description: `Hushmode sits between you and your notifications. It holds back pings during focus time,
delivers them in scheduled batches and lets through only the ones it judges urgent. The goal is
fewer interruptions without missing anything important. It is a promising idea that still needs
polish.

## How it decides

- Learns which senders and channels you respond to quickly
- Reads message content for urgency signals such as outages or deadlines today
- Lets you mark people who always get through
- Shows you a log of everything it held back and why

Hushmode is a free desktop app for macOS and Windows. Early users like the idea, but many report
that urgent messages were held back during testing, and battery usage on laptops is higher than
it should be. The developers say a rewrite is underway.`,
    tags: ['focus', 'notifications', 'desktop', 'deep-work'],
    pricing: 'free',
    websiteUrl: 'https://hushmode.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 2.8,
    reviewCount: 6,
    ageDays: 45,
  },
  {
    slug: 'standup-scribe',
    name: 'Standup Scribe',
    categorySlug: 'productivity',
    tagline: 'Async standups in chat, summarized for managers, with blockers escalated automatically.',
    description: `Standup Scribe replaces the daily status meeting with a short check-in in your team chat.
Each person answers a few questions at a time that suits them, and the agent writes a summary
that highlights blockers and dependencies. Managers get visibility without the meeting.

## What teams get

- Configurable check-in questions and schedules per team and time zone
- Summaries that group updates by project instead of by person
- Automatic escalation when a blocker sits unresolved for more than a day
- Trends over time, such as recurring blockers or overloaded teammates

Standup Scribe integrates with the major chat platforms and issue trackers and is sold on annual
plans with single sign-on and audit logs. Some teams find that check-ins become box-ticking
without a manager actively reading them.`,
    tags: ['standups', 'async', 'slack', 'team-management'],
    pricing: 'enterprise',
    websiteUrl: 'https://standup-scribe.example',
    repoUrl: null,
    docsUrl: 'https://standup-scribe.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 10,
    ageDays: 600,
  },

  // Design
  {
    slug: 'lofi',
    name: 'Lofi',
    categorySlug: 'design',
    tagline: 'Describe a screen and get an editable wireframe in seconds, ready to share with your team.',
    description: `Lofi turns a short description into low-fidelity wireframes. It is meant for the earliest
stage of design, when the goal is to explore layouts quickly rather than polish pixels. Product
managers and founders without design training use it to communicate ideas to designers and engineers
far more clearly than a written description could.

## What it does

- Generates several layout options for each screen description
- Produces editable frames, not flat images, so you can move things around
- Links screens into a clickable flow for quick feedback sessions
- Exports to the most popular design tools

The free plan includes three projects. Designers like it for brainstorming but note that the
layouts lean on common patterns, so it is less helpful for unconventional interfaces. It does
not generate high-fidelity visual design.`,
    tags: ['wireframes', 'prototyping', 'ux', 'ui-design'],
    pricing: 'freemium',
    websiteUrl: 'https://lofi.example',
    repoUrl: null,
    docsUrl: 'https://lofi.example/help',
    verified: false,
    featured: false,
    ratingTarget: 3.9,
    reviewCount: 18,
    ageDays: 240,
  },
  {
    slug: 'huebert',
    name: 'Huebert',
    categorySlug: 'design',
    tagline: 'Builds accessible color palettes from a single brand color, with contrast checks built in.',
    description: `Huebert generates complete, accessible color systems. Start from one brand color or a mood
description and it produces a palette with tints, shades and semantic roles that pass contrast
requirements. Designers use it to kick off new projects and to audit existing palettes that have
grown messy over years of additions.

### Highlights

- Full scales for primary, neutral and status colors
- Contrast checks against WCAG AA and AAA for every text and background pairing
- Dark-mode counterparts that keep the same visual hierarchy
- Export as CSS variables, design tokens or a Tailwind-style config

Huebert is free and runs entirely in your browser. It does not handle typography or spacing, and
its mood-based suggestions are hit and miss, but the contrast tooling alone makes it a staple for
many designers.`,
    tags: ['color', 'accessibility', 'design-tokens', 'palettes'],
    pricing: 'free',
    websiteUrl: 'https://huebert.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 11,
    ageDays: 530,
  },
  {
    slug: 'redline',
    name: 'Redline',
    categorySlug: 'design',
    tagline: 'Design QA that compares your live build against the mockups and files the differences.',
    description: `Redline closes the gap between what designers drew and what shipped. It captures screens
from a staging environment, compares them with the original design files and reports every
meaningful difference. Designers no longer have to click through every screen of every release, and
engineers get precise, actionable feedback instead of vague comments about things looking a little
off.

## What it catches

- Spacing, alignment and font size drift
- Wrong colors and missing states such as hover and disabled
- Layout breakage at common screen widths
- Components that were rebuilt instead of reused from the design system

Redline files issues with annotated screenshots in your tracker. It needs access to a stable
staging URL and tends to produce noise on pages with dynamic content, though ignore regions help.`,
    tags: ['design-qa', 'visual-regression', 'frontend', 'design-systems'],
    pricing: 'paid',
    websiteUrl: 'https://redline.example',
    repoUrl: null,
    docsUrl: 'https://redline.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4.1,
    reviewCount: 9,
    ageDays: 150,
  },
  {
    slug: 'iconoclast',
    name: 'Iconoclast',
    categorySlug: 'design',
    tagline: 'Generates consistent SVG icon sets that match your existing style and grid.',
    description: `Iconoclast generates icons that actually belong together. Feed it a handful of existing
icons and it learns the stroke width, corner radius and grid, then draws new ones to match. It is
meant for design systems that need to grow their icon sets without commissioning every new icon from
scratch. Generated icons are yours to use under the license of your choice.

## Features

- Clean, optimized SVG output with consistent viewBox and stroke settings
- Style matching from as few as five reference icons
- Batch generation from a list of names or concepts
- Pixel-grid snapping for crisp rendering at small sizes

Iconoclast is open source and runs locally. Results are strong for simple outline icons and
weaker for filled or multi-color styles. Expect to tweak a few paths by hand in a vector editor.`,
    tags: ['icons', 'svg', 'vector', 'design-systems'],
    pricing: 'open-source',
    websiteUrl: 'https://iconoclast.example',
    repoUrl: 'https://github.com/iconoclast-studio/iconoclast',
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.6,
    reviewCount: 7,
    ageDays: 90,
  },
  {
    slug: 'brandbook',
    name: 'Brandbook',
    categorySlug: 'design',
    tagline: 'Keeps every asset on brand by checking logos, colors, type and tone before anything ships.',
    description: `Brandbook is a brand governance agent for organizations with many teams producing visual
content. It reviews assets against your brand guidelines before they go out and explains any
problems in plain language. It gives brand teams a way to scale their guidance without becoming a
bottleneck, so regional marketers and agencies can ship faster without going off brand or waiting
days for approval.

## Capabilities

- Checks logo usage, clear space, colors and typography in images and documents
- Reviews copy for tone of voice and banned terms
- Plugs into design tools and digital asset management systems
- Gives regional teams self-service answers about the guidelines

Brandbook is sold on annual contracts and configured with your brand team during onboarding.
It handles static assets well; video review is in beta and limited to the first minute.`,
    tags: ['brand', 'governance', 'guidelines', 'assets'],
    pricing: 'enterprise',
    websiteUrl: 'https://brandbook.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 4,
    ageDays: 360,
  },
  {
    slug: 'describe',
    name: 'Describe',
    categorySlug: 'design',
    tagline: 'Writes useful alt text for every image on your site and flags the ones that need a human.',
    description: `Describe is an open-source accessibility agent that writes alternative text for images. It
considers the surrounding page, so a chart gets its key takeaway described and a decorative
flourish is correctly marked as decorative. It helps teams meet accessibility requirements without
writing thousands of descriptions by hand.

## What it does

- Generates context-aware alt text for content images, charts and screenshots
- Identifies decorative images that should have empty alt attributes
- Flags images containing text, faces or complex diagrams for human review
- Runs as a CLI, a CI check and a plugin for popular content management systems

The project is maintained by accessibility practitioners and reviewed with screen-reader users.
It supports more than a dozen languages. Descriptions of highly technical diagrams remain a known
weak spot, which is why it asks for help instead of guessing.`,
    tags: ['accessibility', 'alt-text', 'a11y', 'cms', 'ci'],
    pricing: 'open-source',
    websiteUrl: 'https://describe.example',
    repoUrl: 'https://github.com/describe-a11y/describe',
    docsUrl: 'https://describe.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.7,
    reviewCount: 8,
    ageDays: 200,
  },
  {
    slug: 'mockup-mill',
    name: 'Mockup Mill',
    categorySlug: 'design',
    tagline: 'Drop in a screenshot and get polished device and product mockups for your landing page.',
    description: `Mockup Mill places your screenshots and designs into realistic device frames, packaging and
scenes, generating marketing images without a photo shoot. It is aimed at indie developers and small
marketing teams who need presentable visuals quickly and without a photographer or a 3D artist on
staff.

## Features

- Device frames for phones, tablets, laptops and watches at several angles
- Scene generation, such as a laptop on a café table, from a short prompt
- Batch export in sizes for app stores and social networks
- Brand color and background presets

Mockup Mill is subscription-only. Users report that generated scenes often contain warped details,
like bent keyboards or impossible reflections, and that the device library lags behind new
releases. The basic frames are fine, but reviewers question the price.`,
    tags: ['mockups', 'marketing-assets', 'images', 'app-store'],
    pricing: 'paid',
    websiteUrl: 'https://mockup-mill.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 2.9,
    reviewCount: 12,
    ageDays: 410,
  },

  // DevOps
  {
    slug: 'owlshift',
    name: 'Owlshift',
    categorySlug: 'devops',
    tagline: 'An on-call agent that triages alerts, runs your runbooks and wakes a human only when it must.',
    description: `Owlshift takes the first page. When an alert fires, it gathers logs, metrics and recent
deploys, works through the matching runbook and either resolves the issue or hands a human a
clear incident summary. On-call engineers get more sleep and faster resolutions.

## What it does

- Correlates alerts across monitoring tools and suppresses duplicates
- Executes approved runbook steps such as restarting a service or scaling a pool
- Writes a live incident timeline in the incident channel
- Drafts the postmortem from the timeline once the incident is closed

Every action Owlshift can take is defined in an allowlist you control, and anything outside it
requires human approval. It integrates with the major paging, monitoring and chat platforms.
Teams usually run it in observe-only mode for a few weeks before granting any permissions.`,
    tags: ['on-call', 'incident-response', 'runbooks', 'observability', 'sre'],
    pricing: 'enterprise',
    websiteUrl: 'https://owlshift.example',
    repoUrl: null,
    docsUrl: 'https://docs.owlshift.example',
    verified: false,
    featured: true,
    ratingTarget: 4.5,
    reviewCount: 26,
    ageDays: 450,
  },
  {
    slug: 'groundwork',
    name: 'Groundwork',
    categorySlug: 'devops',
    tagline: 'Writes infrastructure as code from a description, and catches drift before it bites you.',
    description: `Groundwork is an open-source agent for infrastructure as code. Describe the infrastructure
you need and it writes modules that follow your conventions; point it at an existing estate and
it finds the resources that have drifted from code. Reviewers stay in control of every change. It is
popular with platform teams that maintain modules for many product teams.

## Capabilities

- Generates Terraform and OpenTofu modules, reusing your internal modules where possible
- Drift detection with a proposed change to bring code and reality back in line
- Plan reviews that explain, in plain language, what a change will destroy or replace
- Policy checks for tagging, encryption and public exposure

Groundwork runs locally or as a CI step and never applies changes itself. It supports the three
largest cloud providers. Coverage of niche providers depends on community contributions.`,
    tags: ['terraform', 'infrastructure-as-code', 'drift-detection', 'cloud', 'ci'],
    pricing: 'open-source',
    websiteUrl: 'https://groundwork.example',
    repoUrl: 'https://github.com/groundwork-iac/groundwork',
    docsUrl: 'https://groundwork.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.4,
    reviewCount: 17,
    ageDays: 390,
  },
  {
    slug: 'plumbline',
    name: 'Plumbline',
    categorySlug: 'devops',
    tagline: 'Explains why your CI pipeline failed and opens a fix, often before you finish your coffee.',
    description: `Plumbline watches your CI pipelines and diagnoses failures. Instead of scrolling through
thousands of log lines, you get a short explanation of what broke and, where possible, a pull
request that fixes it. It is built for teams whose main branch is red more often than anyone would
like to admit. Teams typically connect it in a few minutes with read access to logs and permission
to open pull requests.

## What it does

- Pinpoints the failing step and the relevant log lines
- Distinguishes real failures from flaky tests and infrastructure hiccups
- Opens fix pull requests for common causes such as outdated lockfiles and expired caches
- Tracks flaky tests over time and quarantines the worst offenders

Plumbline supports the most widely used hosted CI services. The free plan covers public
repositories. Diagnoses are less reliable for custom build systems with unusual log formats.`,
    tags: ['ci-cd', 'build-failures', 'flaky-tests', 'github-actions'],
    pricing: 'freemium',
    websiteUrl: 'https://plumbline.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 20,
    ageDays: 220,
  },
  {
    slug: 'podwhisper',
    name: 'Podwhisper',
    categorySlug: 'devops',
    tagline:
      'Kubernetes troubleshooting in plain English: ask why a pod is crashing and get the real answer.',
    description: `Podwhisper is an open-source assistant for Kubernetes clusters. Ask it why a deployment is
stuck or a pod keeps restarting, and it inspects events, logs and manifests to explain the cause. It
is built for developers who deploy to Kubernetes but do not live in it every day.

## Features

- Diagnoses crash loops, image pull errors, pending pods and failing probes
- Explains resource limits and scheduling decisions in plain language
- Suggests manifest changes as a diff you can apply yourself
- Read-only by default, using a dedicated service account

Podwhisper runs as a kubectl plugin or a small in-cluster service with a chat interface. It
works with any conformant cluster. Networking issues involving service meshes are harder for it
to untangle, and the maintainers label those answers as low confidence.`,
    tags: ['kubernetes', 'troubleshooting', 'kubectl', 'containers'],
    pricing: 'open-source',
    websiteUrl: 'https://podwhisper.example',
    repoUrl: 'https://github.com/podwhisper/podwhisper',
    docsUrl: null,
    verified: true,
    featured: false,
    ratingTarget: 4,
    reviewCount: 12,
    ageDays: 160,
  },
  {
    slug: 'cloudpinch',
    name: 'Cloudpinch',
    categorySlug: 'devops',
    tagline: 'Finds wasted cloud spend and turns each saving into a ready-to-merge change.',
    description: `Cloudpinch analyzes your cloud bill and usage data to find waste, then proposes changes as
code rather than as a slide deck. It is built for engineering teams that want to cut costs without a
separate FinOps department. Savings land as pull requests against your infrastructure code, so the
usual review process applies and nothing changes behind your back.

## What it finds

- Idle and oversized instances, databases and volumes
- Missing commitments or savings plans for steady workloads
- Forgotten snapshots, unattached disks and orphaned load balancers
- Expensive data transfer patterns between regions

Each recommendation includes the estimated monthly saving and the risk involved. Cloudpinch
charges a flat monthly fee rather than a percentage of savings. Its rightsizing suggestions can be
aggressive for bursty workloads, so teams should check peak usage before accepting them.`,
    tags: ['finops', 'cloud-costs', 'aws', 'optimization'],
    pricing: 'paid',
    websiteUrl: 'https://cloudpinch.example',
    repoUrl: null,
    docsUrl: 'https://cloudpinch.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 3.7,
    reviewCount: 9,
    ageDays: 300,
  },
  {
    slug: 'logline',
    name: 'Logline',
    categorySlug: 'devops',
    tagline: 'Search and summarize logs by asking questions instead of writing query syntax.',
    description: `Logline sits on top of your log platform and lets you ask questions like "what changed in
checkout errors after yesterday's deploy?" It writes the query, runs it and summarizes what it
finds. It is aimed at engineers on call who need answers fast, especially those who do not write log
queries every day and forget the syntax between incidents.

## Capabilities

- Translates questions into queries for several popular log backends
- Clusters similar log lines so one noisy error does not hide the others
- Compares time windows to show what is new or increased
- Shares findings as a link with the underlying query attached

The free tier covers a single data source. Reviewers say summaries are helpful for a first look
but occasionally overstate correlations, and query generation struggles with heavily customized
log formats.`,
    tags: ['logs', 'observability', 'search', 'debugging'],
    pricing: 'freemium',
    websiteUrl: 'https://logline.example',
    repoUrl: null,
    docsUrl: 'https://docs.logline.example',
    verified: false,
    featured: false,
    ratingTarget: 3.4,
    reviewCount: 7,
    ageDays: 100,
  },
  {
    slug: 'canary-keeper',
    name: 'Canary Keeper',
    categorySlug: 'devops',
    tagline: 'Watches every rollout and rolls back automatically when a canary starts to look sick.',
    description: `Canary Keeper guards progressive deployments. It compares the canary with the stable version
across error rates, latency and business metrics and decides whether to continue, pause or roll
back. It is designed for teams that ship many times a day and cannot watch every dashboard during
every rollout. Bad releases are stopped early, before most users ever notice.

## What it does

- Statistical comparison of canary and baseline, not just fixed thresholds
- Automatic rollback with a clear explanation posted to your deploy channel
- Support for business metrics such as checkout conversions alongside technical ones
- A deploy history showing which releases were stopped and why

Canary Keeper integrates with common deployment controllers and service meshes and is licensed
per cluster. It is newly listed, and its documentation still assumes a fairly mature
observability setup.`,
    tags: ['deployments', 'canary', 'rollback', 'kubernetes'],
    pricing: 'enterprise',
    websiteUrl: 'https://canary-keeper.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.9,
    reviewCount: 0,
    ageDays: 20,
  },

  // Security
  {
    slug: 'vigil',
    name: 'Vigil',
    categorySlug: 'security',
    tagline: 'A tier-one SOC analyst that investigates every alert and escalates only the real threats.',
    description: `Vigil works the alert queue so your security analysts can focus on real incidents. For each
alert, it gathers context from your SIEM, endpoint and identity tools, investigates like a
tier-one analyst and writes up its conclusion.

## Capabilities

- Investigates alerts end to end, from enrichment to a verdict with evidence
- Closes confirmed false positives and documents why
- Escalates likely incidents with a timeline and recommended containment steps
- Learns from analyst feedback to reduce repeat false positives

## Integrations and limits

Vigil connects to the leading SIEM, EDR and identity platforms through read-only APIs, and
containment actions require analyst approval. Investigations are logged in full for auditors.
It is priced per alert volume and requires a security team to oversee it; it is not a
substitute for one.`,
    tags: ['soc', 'alert-triage', 'siem', 'incident-response'],
    pricing: 'enterprise',
    websiteUrl: 'https://vigil.example',
    repoUrl: null,
    docsUrl: 'https://docs.vigil.example',
    verified: true,
    featured: true,
    ratingTarget: 4.4,
    reviewCount: 21,
    ageDays: 370,
  },
  {
    slug: 'keyhole',
    name: 'Keyhole',
    categorySlug: 'security',
    tagline: 'Finds leaked secrets in code, history and chat, and walks you through rotating them.',
    description: `Keyhole scans repositories, commit history and chat exports for credentials that should not
be there. What sets it apart is what happens next: it tells you exactly how to rotate each
secret and checks that the old one is dead. It is quick enough to run on every commit.

## What it does

- Detects hundreds of credential formats plus high-entropy strings in context
- Scans full Git history, not just the current tree
- Verifies whether a found secret is still live, without using it for anything else
- Generates step-by-step rotation guides for each provider

Keyhole runs as a pre-commit hook, a CI step or a scheduled scan. It is open source with an
optional hosted dashboard. False positives on test fixtures are rare but can be suppressed with
inline comments.`,
    tags: ['secret-scanning', 'git', 'pre-commit', 'credentials', 'ci'],
    pricing: 'open-source',
    websiteUrl: 'https://keyhole.example',
    repoUrl: 'https://github.com/keyhole-sec/keyhole',
    docsUrl: 'https://keyhole.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.7,
    reviewCount: 16,
    ageDays: 510,
  },
  {
    slug: 'lockstep',
    name: 'Lockstep',
    categorySlug: 'security',
    tagline: 'Triages vulnerable dependencies by real reachability and opens tested upgrade pull requests.',
    description: `Lockstep cuts dependency vulnerability alerts down to the ones that matter. It checks
whether your code actually calls the vulnerable function before raising the alarm, then opens upgrade
pull requests that pass your tests. The result is a much shorter list of alerts that developers
actually trust, and far less time spent arguing about which findings are real. Security teams get an
accurate picture of exposure across every repository.

## Highlights

- Reachability analysis for JavaScript, Python, Java and Go
- Grouped upgrade pull requests with changelogs summarized
- Fixes for breaking API changes when a major version bump is required
- Risk reports for security reviews and audits

Lockstep is free for open-source projects and small teams. Reachability analysis is
conservative, so some unreachable issues are still reported, and languages outside the four
listed get basic version matching only.`,
    tags: ['dependencies', 'vulnerabilities', 'sca', 'pull-requests'],
    pricing: 'freemium',
    websiteUrl: 'https://lockstep.example',
    repoUrl: null,
    docsUrl: 'https://lockstep.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4.1,
    reviewCount: 14,
    ageDays: 280,
  },
  {
    slug: 'hookline',
    name: 'Hookline',
    categorySlug: 'security',
    tagline: 'Employees forward a suspicious email; Hookline investigates it and replies with a verdict.',
    description: `Hookline handles the "is this phishing?" inbox. When an employee reports a suspicious email,
it analyzes headers, links, attachments and wording, then replies to the reporter with a verdict
and an explanation they can learn from. Security teams get their time back, and employees get fast,
useful answers. Reporting stays easy for everyone.

## What it does

- Detonates links and attachments in an isolated sandbox
- Checks sender authentication, lookalike domains and reply-to tricks
- Finds and quarantines copies of the same message in other mailboxes, with approval
- Sends friendly feedback to reporters to reinforce good habits

Hookline integrates with the two main business email platforms. It works well on common phishing
but can be slow on large attachments, and highly targeted business email compromise attempts
are routed to a human analyst.`,
    tags: ['phishing', 'email-security', 'sandbox', 'awareness'],
    pricing: 'paid',
    websiteUrl: 'https://hookline.example',
    repoUrl: null,
    docsUrl: 'https://docs.hookline.example',
    verified: false,
    featured: false,
    ratingTarget: 3.8,
    reviewCount: 10,
    ageDays: 190,
  },
  {
    slug: 'red-cell',
    name: 'Red Cell',
    categorySlug: 'security',
    tagline: 'Automated reconnaissance and vulnerability checks for authorized penetration tests.',
    description: `Red Cell automates the repetitive parts of an authorized penetration test: mapping the
attack surface, checking for known misconfigurations and drafting findings for the report. It is
designed to help experienced testers cover more ground in less time, not to replace their judgment
about what matters. Scope rules are enforced strictly.

## Capabilities

- Asset discovery limited strictly to the scope you upload and sign off
- Checks for common web misconfigurations and exposed services
- Evidence capture with screenshots and request logs for each finding
- Draft report sections with severity and remediation advice

Red Cell refuses to run without a signed scope document and rate-limits itself to avoid
disrupting production. Testers find it useful for coverage, but reviewers mention a high rate of
low-value findings and report templates that need heavy editing.`,
    tags: ['penetration-testing', 'reconnaissance', 'appsec', 'reporting'],
    pricing: 'paid',
    websiteUrl: 'https://red-cell.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.2,
    reviewCount: 8,
    ageDays: 130,
  },
  {
    slug: 'controlroom',
    name: 'Controlroom',
    categorySlug: 'security',
    tagline: 'Collects audit evidence continuously so SOC 2 and ISO 27001 audits stop being a fire drill.',
    description: `Controlroom keeps you audit-ready year-round. It maps your controls to common frameworks,
collects evidence from your systems automatically and tells you when a control drifts out of
compliance. Instead of a scramble before each audit, evidence accumulates quietly in the background,
and gaps surface while there is still time to fix them.

## What it does

- Maps controls across SOC 2, ISO 27001 and several privacy frameworks
- Pulls evidence, such as access reviews and backup logs, from cloud and SaaS tools
- Drafts policies tailored to your company and tracks employee acknowledgements
- Answers auditor requests from the evidence library

Controlroom is sold annually and includes guidance from compliance specialists. It speeds up
audits considerably, but it does not replace the auditor, and custom controls still require
manual evidence collection.`,
    tags: ['compliance', 'soc2', 'iso27001', 'audit', 'grc'],
    pricing: 'enterprise',
    websiteUrl: 'https://controlroom.example',
    repoUrl: null,
    docsUrl: 'https://controlroom.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 6,
    ageDays: 240,
  },
  {
    slug: 'moat',
    name: 'Moat',
    categorySlug: 'security',
    tagline: 'Threat modeling from architecture diagrams and design docs, in minutes instead of meetings.',
    description: `Moat reads design documents and architecture diagrams and produces a first-draft threat
model: the assets worth protecting, the trust boundaries, the likely threats and the mitigations
already in place. Security engineers use it to review more designs than they could alone, and
developers use it to think about security earlier, before anything has been built.

## Features

- Parses diagrams-as-code and common diagram exports
- Lists threats by category with likelihood and impact estimates
- Links each threat to the mitigations your design already describes
- Outputs Markdown that lives next to the design doc in your repository

Moat is open source and designed to start a security review conversation, not end it. It works
best on web and API architectures; embedded and hardware systems are out of scope for now.`,
    tags: ['threat-modeling', 'appsec', 'architecture', 'design-review'],
    pricing: 'open-source',
    websiteUrl: 'https://moat.example',
    repoUrl: 'https://github.com/moat-security/moat',
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.9,
    reviewCount: 5,
    ageDays: 60,
  },

  // Education
  {
    slug: 'chalkboard',
    name: 'Chalkboard',
    categorySlug: 'education',
    tagline:
      'A patient math tutor that gives hints instead of answers and adapts to how each student thinks.',
    description: `Chalkboard tutors students through math problems the way a good teacher would: by asking
questions and giving just enough of a hint to get them unstuck. It never simply hands over the
answer. Students learn to work through problems themselves. Teachers can see exactly where each
student needs help.

## How it teaches

- Photographs of handwritten work are read and checked step by step
- Mistakes are pinpointed to the exact line, with a hint about what went wrong
- Practice problems adapt to the concepts a student keeps tripping over
- Parents and teachers get a weekly summary of progress and gaps

Chalkboard covers arithmetic through introductory calculus and statistics. The free plan includes
a daily limit of tutoring sessions. Proofs and very open-ended problems are outside its comfort
zone, and it says so.`,
    tags: ['math', 'tutoring', 'k-12', 'homework-help'],
    pricing: 'freemium',
    websiteUrl: 'https://chalkboard.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.8,
    reviewCount: 23,
    ageDays: 440,
  },
  {
    slug: 'recall',
    name: 'Recall',
    categorySlug: 'education',
    tagline: 'Turns lecture notes, textbooks and slides into spaced-repetition flashcards worth studying.',
    description: `Recall makes flashcards from the material you already have. Upload lecture slides, a
textbook chapter or your own notes, and it writes concise question-and-answer cards that test
understanding rather than trivia. The cards focus on concepts and relationships, not isolated facts,
and each one links back to the page it came from so you can reread the context. It suits students in
any subject, from medicine to law to languages.

## Features

- Card generation with cloze deletions, short answers and diagram labeling
- A spaced-repetition scheduler that adapts to how well you remember each card
- Export to popular flashcard apps if you prefer your existing setup
- Explanations on every card for when you get it wrong

Recall is free and supported by a small optional donation. It works best with well-structured
source material; messy handwritten notes produce uneven cards that need pruning.`,
    tags: ['flashcards', 'spaced-repetition', 'studying', 'students'],
    pricing: 'free',
    websiteUrl: 'https://recall.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.3,
    reviewCount: 19,
    ageDays: 580,
  },
  {
    slug: 'syllabus',
    name: 'Syllabus',
    categorySlug: 'education',
    tagline: 'Helps teachers plan units, write lesson plans and differentiate activities for every learner.',
    description: `Syllabus is a planning assistant for teachers. It drafts unit plans aligned to your
curriculum standards, writes detailed lesson plans and suggests differentiated activities for
students who need more support or more challenge. Teachers stay in charge of their classroom, and
every plan can be edited before use.

## What it does

- Builds unit plans from standards, pacing guides and your school calendar
- Writes lesson plans with objectives, activities, timing and assessment ideas
- Creates differentiated versions of worksheets and reading passages
- Keeps a library of your plans to reuse and adapt next year

Syllabus supports several national and regional curricula and is free for individual teachers,
with school plans adding shared libraries. Teachers consistently say the drafts save time but
need adjusting to fit their own classroom.`,
    tags: ['lesson-planning', 'teachers', 'curriculum', 'differentiation'],
    pricing: 'freemium',
    websiteUrl: 'https://syllabus.example',
    repoUrl: null,
    docsUrl: 'https://syllabus.example/help',
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 12,
    ageDays: 210,
  },
  {
    slug: 'rubric',
    name: 'Rubric',
    categorySlug: 'education',
    tagline: 'Drafts rubric-based feedback on student essays so teachers can grade faster and fairer.',
    description: `Rubric helps teachers give detailed, consistent feedback on written assignments. It scores
essays against your rubric, suggests comments tied to specific passages and leaves the final grade
to you. Teachers choose how much to rely on the suggestions, from a quick consistency check to a
full first draft of comments. Schools use it to make feedback more detailed without adding hours to
every weekend.

## Features

- Works with your own rubrics or common writing rubrics
- Comment suggestions anchored to sentences in the student's work
- Consistency checks that flag grades out of line with similar essays
- Integration with popular learning management systems

Rubric is paid per teacher or per school. It saves time on first passes, but teachers report it
undervalues creative or unconventional essays and occasionally misjudges sarcasm. It never
releases grades to students on its own.`,
    tags: ['grading', 'feedback', 'essays', 'lms'],
    pricing: 'paid',
    websiteUrl: 'https://rubric.example',
    repoUrl: null,
    docsUrl: 'https://rubric.example/help',
    verified: false,
    featured: false,
    ratingTarget: 3.5,
    reviewCount: 15,
    ageDays: 330,
  },
  {
    slug: 'parlance',
    name: 'Parlance',
    categorySlug: 'education',
    tagline: 'Practice real conversations in a new language with a partner that corrects you gently.',
    description: `Parlance is a conversation partner for language learners. Instead of drills, you chat about
your day, order food in a simulated café or rehearse a job interview, and it keeps the
conversation going at your level. It is meant to fill the gap between vocabulary apps and real
conversations with native speakers, especially for learners who feel anxious about speaking.
Conversations adapt to your level as you improve.

## What learners get

- Voice and text conversations in 18 languages
- Gentle corrections after you finish speaking, not mid-sentence
- Vocabulary from each conversation saved for later review
- Role-play scenarios for travel, work and everyday situations

The free plan includes a short daily conversation. Pronunciation feedback is helpful but not as
precise as a human teacher, and less common languages have fewer scenarios.`,
    tags: ['language-learning', 'conversation', 'speaking', 'voice'],
    pricing: 'freemium',
    websiteUrl: 'https://parlance.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 27,
    ageDays: 490,
  },
  {
    slug: 'kata',
    name: 'Kata',
    categorySlug: 'education',
    tagline: 'An open-source programming tutor that reviews your exercise solutions like a mentor would.',
    description: `Kata is a programming tutor built for coding exercises and bootcamps. It reviews solutions,
asks students to explain their reasoning and points them toward better approaches without writing
the code for them. The goal is learning, not finished code. Instructors can tune how much help it
gives for each exercise.

## Capabilities

- Reviews solutions for correctness, readability and idiomatic style
- Socratic follow-up questions that check the student understands their own code
- Hints in three levels, from a gentle nudge to a worked example of a similar problem
- Instructor dashboard showing where a cohort is struggling

Kata is open source and used by several coding schools and university courses. It supports more
than ten languages and can run against a local model for classrooms with strict privacy
requirements. Exercise packs are contributed by the community.`,
    tags: ['programming', 'tutoring', 'bootcamp', 'code-review'],
    pricing: 'open-source',
    websiteUrl: 'https://kata.example',
    repoUrl: 'https://github.com/kata-learn/kata',
    docsUrl: 'https://kata.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.4,
    reviewCount: 9,
    ageDays: 150,
  },
  {
    slug: 'quadrangle',
    name: 'Quadrangle',
    categorySlug: 'education',
    tagline: 'A campus assistant that answers student questions about enrollment, housing and deadlines.',
    description: `Quadrangle is a virtual front desk for universities. Students ask about registration
deadlines, financial aid, housing or library hours and get an answer drawn from official
university sources. It is meant to take pressure off front-desk staff during the busiest weeks of
the academic year, when queues at the registrar and financial aid offices are longest.

## Features

- Answers grounded in the university's own web pages and policy documents
- Authenticated mode for questions about a student's own schedule or holds
- Hand-off to the right office with the question and context attached
- Analytics showing which questions come up most during each term

Quadrangle is licensed per institution. Reviews are mixed: it handles simple questions well,
but students report outdated answers when source pages are not maintained, and the hand-off to
staff can be slow during peak enrollment.`,
    tags: ['higher-education', 'student-services', 'chatbot', 'university'],
    pricing: 'enterprise',
    websiteUrl: 'https://quadrangle.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.3,
    reviewCount: 4,
    ageDays: 70,
  },

  // Finance
  {
    slug: 'ledgerlens',
    name: 'LedgerLens',
    categorySlug: 'finance',
    tagline:
      'Bookkeeping on autopilot: categorizes transactions, reconciles accounts and explains anything odd.',
    description: `LedgerLens keeps small-business books clean without a weekly bookkeeping session. It
connects to your bank accounts and accounting software, categorizes every transaction and reconciles
accounts continuously. Owners get a clear picture of their finances every day instead of once a
quarter.

## What it does

- Categorizes transactions using your chart of accounts and past decisions
- Matches payments to invoices and bills, including partial and split payments
- Flags anomalies such as duplicate charges or a vendor suddenly billing twice as much
- Prepares a month-end package for your accountant with open questions listed

LedgerLens works with the leading small-business accounting platforms and thousands of banks.
It asks before touching anything it is unsure about, and every change is reversible. It is not a
tax advisor and does not file returns.`,
    tags: ['bookkeeping', 'reconciliation', 'accounting', 'small-business', 'invoices'],
    pricing: 'paid',
    websiteUrl: 'https://ledgerlens.example',
    repoUrl: null,
    docsUrl: 'https://ledgerlens.example/docs',
    verified: true,
    featured: true,
    ratingTarget: 4.5,
    reviewCount: 24,
    ageDays: 400,
  },
  {
    slug: 'shoebox',
    name: 'Shoebox',
    categorySlug: 'finance',
    tagline: 'Snap a receipt or forward an invoice and Shoebox files, categorizes and matches it for you.',
    description: `Shoebox ends the shoebox-full-of-receipts problem. Photograph a receipt, forward an emailed
invoice or let it pull them from your inbox, and it extracts the details and matches them to
card transactions. At the end of the month, every transaction has its receipt attached, and your
accountant has nothing to chase. It works well for freelancers, small teams and anyone who travels
for work.

## Features

- Reads receipts in dozens of languages and currencies
- Matches receipts to card and bank transactions automatically
- Splits mixed personal and business purchases line by line
- Expense reports with approval flows for small teams

The free plan covers 30 receipts a month. Shoebox syncs with common accounting tools. Faded
thermal receipts and handwritten invoices still trip it up, and it will ask you to confirm those.`,
    tags: ['receipts', 'expenses', 'ocr', 'invoices'],
    pricing: 'freemium',
    websiteUrl: 'https://shoebox.example',
    repoUrl: null,
    docsUrl: 'https://shoebox.example/help',
    verified: false,
    featured: false,
    ratingTarget: 4.1,
    reviewCount: 18,
    ageDays: 530,
  },
  {
    slug: 'centsible',
    name: 'Centsible',
    categorySlug: 'finance',
    tagline: 'A personal budgeting coach that tracks spending and nudges you before you overspend.',
    description: `Centsible is a friendly budgeting app with an agent that pays attention for you. It tracks
spending against your plan and sends a nudge before, not after, you blow the month's dining
budget. The tone is encouraging rather than judgmental. It is aimed at people who have tried
budgeting before and given up.

## What it does

- Builds a starter budget from three months of your transactions
- Nudges you when a category is trending over, with a suggestion of where to trim
- Spots subscriptions you forgot about and price increases on recurring bills
- Answers questions like "how much did I spend on travel this year?"

Centsible is free and makes money through optional premium reports, never by selling data.
Bank connections occasionally break and need reconnecting, and the coaching can feel repetitive
after the first few months.`,
    tags: ['budgeting', 'personal-finance', 'subscriptions', 'mobile'],
    pricing: 'free',
    websiteUrl: 'https://centsible.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.6,
    reviewCount: 21,
    ageDays: 670,
  },
  {
    slug: 'closeout',
    name: 'Closeout',
    categorySlug: 'finance',
    tagline: 'Speeds up the month-end close with automated reconciliations, accruals and variance analysis.',
    description: `Closeout is built for finance teams that spend the first week of every month closing the
books. It automates the repetitive work of the close and leaves accountants to review and
approve. Controllers get a real-time view of close progress, and auditors get clean, documented
support for every balance. Finance leaders use it to shave days off the close without adding
headcount.

## Capabilities

- Balance sheet reconciliations with supporting detail attached
- Accrual and prepaid schedules proposed from contracts and historical entries
- Flux analysis that explains month-over-month variances in plain language
- A close checklist with owners, deadlines and audit trail

Closeout integrates with the major ERP systems and is sold to mid-market and enterprise finance
teams. Implementation typically takes six to ten weeks. It proposes journal entries but never
posts them without approval.`,
    tags: ['month-end-close', 'accounting', 'erp', 'reconciliation'],
    pricing: 'enterprise',
    websiteUrl: 'https://closeout.example',
    repoUrl: null,
    docsUrl: 'https://closeout.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 8,
    ageDays: 260,
  },
  {
    slug: 'paidup',
    name: 'Paidup',
    categorySlug: 'finance',
    tagline:
      'Chases overdue invoices with polite, escalating reminders so you get paid without the awkwardness.',
    description: `Paidup handles accounts receivable follow-ups for freelancers and small businesses. It
watches your invoices, sends reminders that sound like you and escalates in tone only as far as you
allow. It is designed to protect the relationship with your clients while improving cash flow. Late
payments become a lot less stressful for everyone involved.

## How it works

1. Connect your invoicing or accounting tool.
2. Choose a reminder cadence and how firm each step should be.
3. Paidup sends reminders, answers simple questions about invoices and logs every exchange.
4. Overdue accounts beyond your limit are flagged for a personal call.

Paidup charges a monthly fee per connected business. Users like getting paid sooner, but some
complain that replies from clients, such as disputes, are not always recognized, so reminders
occasionally continue when they should stop.`,
    tags: ['invoices', 'accounts-receivable', 'collections', 'freelancers'],
    pricing: 'paid',
    websiteUrl: 'https://paidup.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.4,
    reviewCount: 11,
    ageDays: 140,
  },
  {
    slug: 'deductive',
    name: 'Deductive',
    categorySlug: 'finance',
    tagline: 'Organizes a year of freelance income and expenses into a tidy package for tax time.',
    description: `Deductive aims to make tax season less painful for freelancers and sole proprietors. It
gathers income and expense records throughout the year and organizes them into the categories
your tax preparer needs. The idea is to avoid the annual scramble through bank statements and email
receipts the week before your appointment with an accountant. It is aimed at people with simple
businesses and no bookkeeper.

## Features

- Categorizes expenses into common deductible categories
- Tracks quarterly estimated payments and reminds you of deadlines
- Mileage and home-office logs
- Year-end summary exported as a spreadsheet and PDF

Deductive is not a tax filing service and does not give tax advice. Reviewers report frequent
miscategorizations, a confusing interface and slow support responses, and the freemium limits
are tight enough that most users need to upgrade.`,
    tags: ['taxes', 'freelancers', 'expenses', 'self-employed'],
    pricing: 'freemium',
    websiteUrl: 'https://deductive.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 2.5,
    reviewCount: 9,
    ageDays: 320,
  },
  {
    slug: 'tallystick',
    name: 'Tallystick',
    categorySlug: 'finance',
    tagline: 'An open-source agent for plain-text accounting: imports statements and balances your ledger.',
    description: `Tallystick brings an agent to plain-text accounting. It imports bank and card statements,
proposes categorized ledger entries and explains any balance assertions that fail, all while
your books stay as text files under version control. Your data stays human-readable and portable.
Every change is a plain diff you can review before committing it to your ledger.

## What it does

- Imports CSV, OFX and QIF statements with per-bank import rules
- Suggests accounts for new transactions based on your existing ledger
- Explains failing balance assertions and suggests the missing entry
- Answers questions about your finances by writing ledger queries

Tallystick is open source, runs locally and works with several popular plain-text accounting
formats. It assumes you are comfortable editing text files and using a terminal, so it is a
better fit for hobbyist bookkeepers than for accountants.`,
    tags: ['plain-text-accounting', 'ledger', 'cli', 'personal-finance'],
    pricing: 'open-source',
    websiteUrl: 'https://tallystick.example',
    repoUrl: 'https://github.com/tallystick/tallystick',
    docsUrl: 'https://tallystick.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.3,
    reviewCount: 7,
    ageDays: 180,
  },

  // Healthcare
  {
    slug: 'chartside',
    name: 'Chartside',
    categorySlug: 'healthcare',
    tagline:
      'Ambient clinical documentation that turns the patient visit into a draft note for clinician review.',
    description: `Chartside listens to the clinical visit, with the patient's consent, and drafts a structured
note so clinicians can look at the patient instead of the keyboard. Clinicians report spending less
time on documentation after clinic hours. Many also say visits feel more personal again.

## What it does

- Drafts notes in common formats such as SOAP, organized by problem
- Pulls relevant history, medications and results into the draft
- Suggests orders and follow-ups mentioned during the visit for the clinician to confirm
- Supports more than a dozen specialties with specialty-specific templates

Nothing enters the record until the clinician reviews and signs it. Chartside integrates with the
major electronic health record systems and is deployed under a business associate agreement.
Accuracy is lower in noisy environments and multi-speaker family visits.`,
    tags: ['clinical-documentation', 'ehr', 'ambient-ai', 'physicians'],
    pricing: 'enterprise',
    websiteUrl: 'https://chartside.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.3,
    reviewCount: 19,
    ageDays: 350,
  },
  {
    slug: 'preauth',
    name: 'Preauth',
    categorySlug: 'healthcare',
    tagline: 'Prepares prior authorization requests and tracks them with payers so care is not delayed.',
    description: `Preauth tackles one of the most hated tasks in healthcare administration: prior
authorization. It gathers the clinical justification from the chart, fills in payer forms and
tracks each request through to a decision. The aim is to reduce the time staff spend on hold with
insurers and the delays patients experience waiting for approvals.

## Capabilities

- Checks whether a service needs authorization for a patient's specific plan
- Assembles supporting documentation from the chart and cites it
- Submits through payer portals and electronic channels where available
- Drafts appeal letters when a request is denied

Preauth is used by practices and health systems and is priced per request volume. Payer portals
change often, so some submissions still fall back to staff, and the vendor publishes which
payers are fully supported.`,
    tags: ['prior-authorization', 'revenue-cycle', 'payers', 'administration'],
    pricing: 'enterprise',
    websiteUrl: 'https://preauth.example',
    repoUrl: null,
    docsUrl: 'https://preauth.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 3.8,
    reviewCount: 6,
    ageDays: 230,
  },
  {
    slug: 'waypoint',
    name: 'Waypoint',
    categorySlug: 'healthcare',
    tagline:
      'Patient intake that collects history and symptoms before the visit and summarizes them for staff.',
    description: `Waypoint replaces clipboard intake forms with a conversational check-in patients complete on
their phone before arriving. Staff get a concise summary instead of pages of checkboxes. Clinics use
it to shorten check-in times and to make sure important information is not lost between the front
desk and the exam room.

## What it does

- Adaptive questions that go deeper only where a patient reports a problem
- Medication and allergy lists captured in plain language and structured for staff
- Red-flag symptoms escalated to staff immediately with a clear alert
- Intake available in many languages

Waypoint does not diagnose or give medical advice, and it tells patients to call emergency
services for urgent symptoms. It integrates with common practice management systems. Older
patients sometimes prefer the paper form, so most clinics keep both.`,
    tags: ['patient-intake', 'triage', 'clinics', 'forms'],
    pricing: 'paid',
    websiteUrl: 'https://waypoint.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 3.6,
    reviewCount: 10,
    ageDays: 160,
  },
  {
    slug: 'pillbox',
    name: 'Pillbox',
    categorySlug: 'healthcare',
    tagline:
      'Medication reminders that understand real schedules, refills and the questions people actually ask.',
    description: `Pillbox helps people and their caregivers manage medications. It turns a prescription label
into a reminder schedule and keeps track of refills. It is especially popular with people managing
several prescriptions and with family members helping an older relative.

## Features

- Scan a pharmacy label to add a medication and its schedule
- Reminders that handle tricky patterns such as tapering doses or every other day
- Refill alerts based on how many doses remain
- Shared access for caregivers, with a log of doses taken and missed

Pillbox answers general questions about timing, such as what to do if a dose is missed, using
information from the medication's official leaflet, and refers anything more specific to a
pharmacist or doctor. It is free, with no ads, and stores data on your device by default.`,
    tags: ['medication', 'reminders', 'caregivers', 'mobile'],
    pricing: 'free',
    websiteUrl: 'https://pillbox.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 4.9,
    reviewCount: 16,
    ageDays: 620,
  },
  {
    slug: 'codebook',
    name: 'Codebook',
    categorySlug: 'healthcare',
    tagline: 'Suggests diagnosis and procedure codes from clinical notes, with the evidence for each one.',
    description: `Codebook supports medical coders by reading clinical documentation and suggesting diagnosis
and procedure codes. Each suggestion comes with the sentence in the note that supports it. The goal
is faster, more consistent coding with fewer denials, while keeping certified coders firmly in
control. It learns each organization's documentation habits over time. Audit trails are kept for
every suggestion.

## What it does

- Suggests ICD-10 and CPT codes with supporting evidence highlighted
- Flags documentation gaps that could lead to denials
- Checks code combinations against common payer edits
- Tracks coder accept and reject decisions to improve suggestions

Codebook is used by coding teams in clinics and hospitals and priced per coder. Coders make the
final call on every code. Complex inpatient cases with long stays remain challenging and may
need more manual review.`,
    tags: ['medical-coding', 'icd-10', 'billing', 'revenue-cycle'],
    pricing: 'paid',
    websiteUrl: 'https://codebook.example',
    repoUrl: null,
    docsUrl: 'https://codebook.example/docs',
    verified: false,
    featured: false,
    ratingTarget: 4,
    reviewCount: 8,
    ageDays: 290,
  },
  {
    slug: 'fhirfly',
    name: 'Fhirfly',
    categorySlug: 'healthcare',
    tagline: 'Ask questions of FHIR health data in plain language; an open-source agent writes the queries.',
    description: `Fhirfly is an open-source agent for developers and analysts working with FHIR servers. Ask
a question such as "patients with a diabetes diagnosis and no HbA1c result in the last year" and
it writes and runs the FHIR search. It is a practical way to explore unfamiliar FHIR servers without
memorizing the search syntax. It also works well as a teaching tool for the standard.

## Capabilities

- Translates questions into FHIR search requests and explains each parameter
- Follows references between resources and paginates large result sets
- Validates resources against common implementation guides
- Runs against test servers with synthetic data for safe experimentation

Fhirfly is intended for development, research and analytics teams rather than clinical
decision-making. It runs locally and never sends data anywhere you have not configured. Support
for bulk data export is experimental.`,
    tags: ['fhir', 'interoperability', 'health-data', 'developers'],
    pricing: 'open-source',
    websiteUrl: 'https://fhirfly.example',
    repoUrl: 'https://github.com/fhirfly-health/fhirfly',
    docsUrl: 'https://fhirfly.example/docs',
    verified: true,
    featured: false,
    ratingTarget: 4.2,
    reviewCount: 5,
    ageDays: 110,
  },
  {
    slug: 'enrollwell',
    name: 'Enrollwell',
    categorySlug: 'healthcare',
    tagline: 'Matches patients to clinical trials they may qualify for, based on their records and location.',
    description: `Enrollwell screens patient records against clinical trial eligibility criteria and suggests
trials a patient might qualify for, along with the reasons. The goal is to help patients learn about
trials they might otherwise never hear of, and to help research sites find eligible participants
faster.

## What it does

- Parses inclusion and exclusion criteria from public trial registries
- Compares criteria against structured data and clinical notes
- Filters by distance to trial sites and recruitment status
- Produces a summary a clinician can discuss with the patient

Enrollwell is in early release. Reviewers report that many suggested matches fail on criteria
the tool missed, that registry data is sometimes stale, and that setup with health record
systems is slow. Final eligibility is always determined by the trial team.`,
    tags: ['clinical-trials', 'patient-matching', 'research', 'oncology'],
    pricing: 'freemium',
    websiteUrl: 'https://enrollwell.example',
    repoUrl: null,
    docsUrl: null,
    verified: false,
    featured: false,
    ratingTarget: 2.4,
    reviewCount: 3,
    ageDays: 25,
  },
];
