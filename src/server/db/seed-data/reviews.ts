import type { SeedReviewText, SeedUser } from './types.js';

export const seedReviewTexts: SeedReviewText[] = [
  // 1 star
  {
    rating: 1,
    title: 'Did not work for us',
    body:
      'Spent two afternoons on setup and it never produced anything usable. Support replied once and then ' +
      'went silent.',
  },
  {
    rating: 1,
    title: 'Confidently wrong, repeatedly',
    body:
      'The output looks polished, which makes it worse: half of what it told us was simply wrong, and ' +
      'nothing flagged it. We caught it only because a colleague double-checked. Cancelled.',
  },
  {
    rating: 1,
    title: 'Billing nightmare',
    body:
      'Charged for a full year after I cancelled during the trial. Took three weeks and a card dispute to ' +
      'get the money back.',
  },
  {
    rating: 1,
    title: 'Broke after the last update',
    body:
      'It was okay for a month, then an update wiped my settings and it has been unusable since. The ' +
      'changelog does not even mention it.',
  },
  {
    rating: 1,
    title: 'Not ready for real use',
    body:
      'Fine in the demo video, falls apart on anything real. Slow, crashes on larger inputs, and the docs ' +
      'describe features that do not exist yet.',
  },
  {
    rating: 1,
    title: 'Privacy concerns',
    body:
      'Could not get a straight answer on where our data is stored or who can see it. For a tool that asks ' +
      'for this much access, that is a dealbreaker.',
  },
  {
    rating: 1,
    title: 'Waste of money',
    body: 'Nothing it does is better than what we had before, and it costs more. Gave it a fair month.',
  },
  {
    rating: 1,
    title: 'Ignores instructions',
    body:
      'No matter how I configure it, it does its own thing. I set explicit rules three times and it kept ' +
      'ignoring them.',
  },
  {
    rating: 1,
    title: 'Constant timeouts',
    body:
      'Roughly one request in four timed out during our trial week. When it did respond, results were ' +
      'mediocre. Hard to recommend.',
  },
  {
    rating: 1,
    title: 'Avoid',
    body:
      'Account locked for "suspicious activity" on day two with no explanation, and the only way to ' +
      'contact anyone is a form that never gets answered.',
  },
  {
    rating: 1,
    title: 'Overhyped and underbuilt',
    body:
      'The landing page promises the moon. In practice it handles the simplest cases and gives up on ' +
      'everything else. I wanted to like it.',
  },
  {
    rating: 1,
    title: 'Made more work, not less',
    body:
      'Every result needed so much fixing that our team spent longer reviewing its output than doing the ' +
      'task by hand. We switched it off after two weeks.',
  },

  // 2 stars
  {
    rating: 2,
    title: 'Promising but unreliable',
    body:
      'When it works, it is genuinely impressive. The problem is you never know which run you are going to ' +
      'get, so we cannot rely on it for anything important.',
  },
  {
    rating: 2,
    title: 'Too expensive for what it does',
    body:
      'The core feature is fine, but the pricing jumped after the beta and the cheaper plan is crippled. ' +
      'Hard to justify.',
  },
  {
    rating: 2,
    title: 'Setup was painful',
    body:
      'Integration took far longer than the docs suggested, and a couple of settings only work if you ' +
      'contact support to enable them. Day-to-day use is okay once running.',
  },
  {
    rating: 2,
    title: 'Generic results',
    body:
      'Output is technically correct but bland and generic. It clearly does not use much of the context we ' +
      'give it.',
  },
  {
    rating: 2,
    title: 'Slow and clunky interface',
    body:
      'Feels like the interface was an afterthought. Simple actions take four clicks and the page reloads ' +
      'constantly. The underlying agent is decent.',
  },
  {
    rating: 2,
    title: 'Support is the weak point',
    body:
      'We hit a blocking bug and waited nine days for a reply. The product itself is middling; the support ' +
      'experience pushed it down a star.',
  },
  {
    rating: 2,
    title: 'Not for larger teams',
    body:
      'Worked fine for me alone. Once we added the rest of the team, permissions got messy, shared ' +
      'settings conflicted and we kept stepping on each other.',
  },
  {
    rating: 2,
    title: 'Missing basics',
    body:
      'No export, no undo, no audit history. Those feel like table stakes for a tool like this. Maybe in a ' +
      'year.',
  },
  {
    rating: 2,
    title: 'Hit and miss',
    body:
      'About half the time it saves me real effort, the other half I throw the result away. Not sure that ' +
      'averages out to a win.',
  },
  {
    rating: 2,
    title: 'Limited language support',
    body:
      'Marketing says multilingual, but anything outside English comes out stilted and sometimes plainly ' +
      'wrong. Our team works in three languages, so this matters.',
  },
  {
    rating: 2,
    title: 'Needs constant babysitting',
    body:
      'It drifts off track on longer jobs unless you check in every few minutes, which defeats the purpose ' +
      'of an agent.',
  },
  {
    rating: 2,
    title: 'Disappointing after the hype',
    body:
      'A friend raved about it, so expectations were high. It is fine, I guess, but nothing you could not ' +
      'replicate with a couple of scripts and some patience.',
  },

  // 3 stars
  {
    rating: 3,
    title: 'Decent, with rough edges',
    body:
      'Does what it says on the tin for straightforward cases. Edge cases still need a human, and the ' +
      'settings page is confusing. Worth trying on the free tier.',
  },
  {
    rating: 3,
    title: 'Good idea, average execution',
    body:
      'I like the approach and the team seems responsive, but it is not quite there yet. Checking back in ' +
      'six months.',
  },
  {
    rating: 3,
    title: 'Solid for simple tasks',
    body:
      'Handles the routine stuff reliably, which frees up some time. Anything unusual and it gets lost. ' +
      'Three stars feels fair.',
  },
  {
    rating: 3,
    title: 'Okay',
    body:
      'Neither great nor bad. It saves a bit of time each week, and I have not found anything better at ' +
      'this price.',
  },
  {
    rating: 3,
    title: 'Useful, but pricey',
    body:
      'The results are good, but the cost adds up fast once you go past the starter plan. We limit who on ' +
      'the team can use it, which feels wrong for a productivity tool.',
  },
  {
    rating: 3,
    title: 'Mixed feelings after three months',
    body:
      'Great first impression, then the novelty wore off. It is still in our workflow, but we use maybe a ' +
      'third of the features. The core one is solid; the rest feels bolted on.',
  },
  {
    rating: 3,
    title: 'Works, docs lag behind',
    body:
      'The product moves fast and the documentation does not keep up. I figured most things out by trial ' +
      'and error.',
  },
  {
    rating: 3,
    title: 'Fine for individuals',
    body:
      'Good for personal use. Team features are thin: no roles, no shared workspace, and billing is per ' +
      'person with no volume discount.',
  },
  {
    rating: 3,
    title: 'Better than nothing',
    body:
      'We had no tooling for this before, so it is a net improvement. Compared with what the landing page ' +
      'promises, though, it is underwhelming.',
  },
  {
    rating: 3,
    title: 'Needs more configuration options',
    body:
      'Defaults are sensible but you cannot change much beyond them. As soon as our process differed from ' +
      'the happy path, we hit a wall.',
  },
  {
    rating: 3,
    title: 'Accurate but slow',
    body:
      'Quality of results is good, honestly better than I expected. But waiting several minutes for each ' +
      'run gets old quickly.',
  },
  {
    rating: 3,
    title: 'Middle of the pack',
    body:
      'Tried three similar agents side by side. This one was neither the best nor the worst on any task. ' +
      'Easiest to set up, though.',
  },

  // 4 stars
  {
    rating: 4,
    title: 'Saves me hours every week',
    body:
      'Took a couple of days to tune, but now it handles most of the repetitive work I used to dread. ' +
      'Occasionally needs a correction, nothing major.',
  },
  {
    rating: 4,
    title: 'Really good, minor gripes',
    body:
      'Does the core job very well. My only complaints are a slightly cluttered dashboard and ' +
      'notifications that are too chatty by default.',
  },
  {
    rating: 4,
    title: 'Great onboarding',
    body:
      'One of the smoothest setups I have had with any tool. Connected our accounts, ran a test and had ' +
      'useful results within the hour.',
  },
  {
    rating: 4,
    title: 'Responsive team',
    body:
      'Reported a bug on a Tuesday, had a fix by Thursday, and the founder followed up personally. The ' +
      'product is good; the team makes it better.',
  },
  {
    rating: 4,
    title: 'Reliable workhorse',
    body:
      'Not flashy, just dependable. It has run every day for months without surprises, which is exactly ' +
      'what I want.',
  },
  {
    rating: 4,
    title: 'Big improvement over our old process',
    body:
      'We used to do this with spreadsheets and a lot of copy-paste. Now it takes a fraction of the time ' +
      'and mistakes are far rarer. Pricing is a little steep, hence four stars.',
  },
  {
    rating: 4,
    title: 'Smart defaults',
    body:
      'It clearly was built by people who have done this job. Most defaults were already what I would have ' +
      'chosen.',
  },
  {
    rating: 4,
    title: 'Nearly perfect for small teams',
    body:
      'We are a team of six and it fits us well. I can see larger organizations wanting finer permissions, ' +
      'but for us it is spot on.',
  },
  {
    rating: 4,
    title: 'Transparent about its limits',
    body:
      'I appreciate that it tells you when it is unsure instead of making something up. That alone builds ' +
      'a lot of trust. Wish it were a bit faster.',
  },
  {
    rating: 4,
    title: 'Keeps getting better',
    body:
      'I started on an early version that was rough. Every month since has brought real improvements, and ' +
      'it is now part of my daily routine.',
  },
  {
    rating: 4,
    title: 'Worth the subscription',
    body:
      'Paid for itself in the first month. Integrations work as advertised and the exports are clean. A ' +
      'few features still feel half-finished.',
  },
  {
    rating: 4,
    title: 'Good quality output',
    body:
      'Output is consistently good and needs only light editing. The learning curve for advanced features ' +
      'is steeper than it should be.',
  },

  // 5 stars
  {
    rating: 5,
    title: 'Exactly what we needed',
    body:
      'We evaluated four options and this was the clear winner. Accurate, fast and easy for non-technical ' +
      'colleagues to pick up. It has become part of how we work.',
  },
  {
    rating: 5,
    title: 'Game changer for our team',
    body:
      'Cut the time we spend on this task by more than half. The team was skeptical at first; now nobody ' +
      'wants to go back.',
  },
  {
    rating: 5,
    title: 'Love it',
    body: 'Simple, reliable and it just works. Recommended it to three friends already.',
  },
  {
    rating: 5,
    title: 'Best in its category',
    body:
      'I have tried most of the alternatives over the past year. This is the only one I kept paying for. ' +
      'Thoughtful design, excellent results and a team that listens to feedback.',
  },
  {
    rating: 5,
    title: 'Trustworthy and well documented',
    body:
      'The documentation is excellent and every action it takes is logged, which made it easy to get ' +
      'approval from our security team. Rock solid in production.',
  },
  {
    rating: 5,
    title: 'Feels like an extra teammate',
    body:
      'It handles the tedious parts without being asked and flags anything it is unsure about. Honestly ' +
      'the best tool we added this year.',
  },
  {
    rating: 5,
    title: 'Incredible value',
    body:
      'Hard to believe how much it does at this price. The free plan alone covered my needs for months ' +
      'before I upgraded to support the developers.',
  },
  {
    rating: 5,
    title: 'Quietly brilliant',
    body:
      'No hype, no gimmicks, just consistently excellent results. It does one thing and does it better ' +
      'than anything else I have used.',
  },
  {
    rating: 5,
    title: 'Setup in ten minutes',
    body:
      'Connected it, answered a few questions and it was producing useful results the same morning. ' +
      'Support answered my one question within the hour.',
  },
  {
    rating: 5,
    title: 'Our whole team uses it',
    body:
      'Rolled it out to one person as a trial and within a month everyone had asked for access. That never ' +
      'happens with new tools here.',
  },
  {
    rating: 5,
    title: 'Accurate and fast',
    body:
      'Results are accurate enough that I rarely need to edit them, and it is fast. Cannot ask for much ' +
      'more than that.',
  },
  {
    rating: 5,
    title: 'Would recommend without hesitation',
    body:
      'Used it daily for six months across a lot of different situations. It has not let me down once. ' +
      'Five stars, easily.',
  },
];

export const seedUsers: SeedUser[] = [
  {
    firstName: 'Amara',
    lastName: 'Okafor',
    email: 'amara.okafor@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Hiroshi',
    lastName: 'Tanaka',
    email: 'hiroshi.tanaka@example.com',
    companyName: 'Kestrel Logistics',
    organizationType: 'enterprise',
    isAnonymous: false,
  },
  {
    firstName: 'Sofia',
    lastName: 'Marchetti',
    email: 'sofia.marchetti@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Mateo',
    lastName: 'Hernández',
    email: 'mateo.hernandez@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: true,
  },
  {
    firstName: 'Priya',
    lastName: 'Raghunathan',
    email: 'priya.raghunathan@example.com',
    companyName: 'Brightwater Health',
    organizationType: 'enterprise',
    isAnonymous: false,
  },
  {
    firstName: 'Lars',
    lastName: 'Eriksson',
    email: 'lars.eriksson@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Lan',
    lastName: 'Nguyen',
    email: 'lan.nguyen@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Kwame',
    lastName: 'Mensah',
    email: 'kwame.mensah@example.com',
    companyName: 'Northgate Financial',
    organizationType: 'enterprise',
    isAnonymous: false,
  },
  {
    firstName: 'Fatima',
    lastName: 'Al-Sayed',
    email: 'fatima.alsayed@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: true,
  },
  {
    firstName: 'Aleksandra',
    lastName: 'Nowak',
    email: 'aleksandra.nowak@example.com',
    companyName: 'Vistula Software',
    organizationType: 'enterprise',
    isAnonymous: false,
  },
  {
    firstName: 'Diego',
    lastName: 'Carvalho',
    email: 'diego.carvalho@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Mei',
    lastName: 'Chen',
    email: 'mei.chen@example.com',
    companyName: 'Lanternfish Games',
    organizationType: 'enterprise',
    isAnonymous: false,
  },
  {
    firstName: 'Oluwaseun',
    lastName: 'Adeyemi',
    email: 'seun.adeyemi@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Ingrid',
    lastName: 'Bauer',
    email: 'ingrid.bauer@example.com',
    companyName: 'Alpenglow Retail',
    organizationType: 'enterprise',
    isAnonymous: true,
  },
  {
    firstName: 'Rahul',
    lastName: 'Deshpande',
    email: 'rahul.deshpande@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Chloé',
    lastName: 'Dubois',
    email: 'chloe.dubois@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Tomás',
    lastName: 'Ortega',
    email: 'tomas.ortega@example.com',
    companyName: 'Meridian Civic Labs',
    organizationType: 'enterprise',
    isAnonymous: false,
  },
  {
    firstName: 'Yuna',
    lastName: 'Park',
    email: 'yuna.park@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: true,
  },
  {
    firstName: 'Emeka',
    lastName: 'Nwosu',
    email: 'emeka.nwosu@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Aroha',
    lastName: 'Ngata',
    email: 'aroha.ngata@example.com',
    companyName: 'Tidewater Analytics',
    organizationType: 'enterprise',
    isAnonymous: false,
  },
  {
    firstName: 'Dmitri',
    lastName: 'Volkov',
    email: 'dmitri.volkov@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Layla',
    lastName: 'Haddad',
    email: 'layla.haddad@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: false,
  },
  {
    firstName: 'Siobhan',
    lastName: "O'Brien",
    email: 'siobhan.obrien@example.com',
    companyName: 'Copperleaf Insurance',
    organizationType: 'enterprise',
    isAnonymous: false,
  },
  {
    firstName: 'Jamal',
    lastName: 'Washington',
    email: 'jamal.washington@example.com',
    companyName: null,
    organizationType: 'individual',
    isAnonymous: true,
  },
];
