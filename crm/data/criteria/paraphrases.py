"""Training paraphrases of every seen family's criteria, in both polarities: wider wording than the
hand-written lists of :mod:`crm.data.criteria.texts`.

A criteria reader trained on ~9 hand-written paraphrases and the stance grammar per polarity fits that
wording and misreads new wording (docs/RESULTS.md, "What limits it"). These lists were written from the
family definitions alone (X and not-X in :mod:`crm.data.criteria.taxonomy`) without sight of the
test-only paraphrases, in three registers per polarity: terse fragments and idioms, one-sentence
requests in varied stance forms (questions, conditionals, comparatives, rejecting the other pole), and
longer ones with a persona or reason. A second set per list (after the first two dozen), written the
same way, widens the stance forms the reader meets: chat-style fragments and style-guide labels
("Format: bullet points."), refusals ("spare me", "X is a pet peeve"), negation words inside a request
of the same polarity ("Don't forget the bullet points.") and requests that name only the other pole
("Flowing paragraphs, please." for no bullets): polarity has to be read, not spotted by a word. Texts
that came out the same as, or close to, a test-only paraphrase of their own family and polarity, or the
same as a text of another family, were removed (tests/test_criteria_paraphrases.py checks the first),
so test criteria stay worded unseen. Held-out families have none: they are never trained on.
"""

from __future__ import annotations

TRAIN_PARAPHRASES: dict[str, dict[str, tuple[str, ...]]] = {
    "concise": {
        "pos": (
            "Straight to the point.",
            "Less fluff.",
            "Brevity, please.",
            "Cut to the chase.",
            "Rambling: no thanks.",
            "Skip the essays.",
            "Short and sweet.",
            "Just the gist.",
            "Could you keep your replies as lean as possible?",
            "When possible, answer in a sentence or two rather than a page.",
            "I'd take a crisp two-line answer over a lengthy essay any day.",
            "Stop padding your answers with background I didn't ask for.",
            "Nothing longer than it needs to be, please.",
            "Not a fan of drawn-out explanations.",
            "I tend to lose interest once a reply goes past a few sentences.",
            "Give me the core of it and leave out the extras.",
            "As an ER nurse I read your answers in thirty-second gaps between patients, so please "
            "keep them compact and get straight to what I need.",
            "I have ADHD and my focus slips fast when a reply runs long, so please keep things "
            "brief and lead with the answer itself.",
            "Long, sprawling responses are exhausting to read on a smartwatch screen; I need "
            "succinct replies that fit in a single glance.",
            "English is my second language and lengthy answers take me ages to get through, so "
            "economical, compact replies help me a lot.",
            "I'm a busy executive; if the answer can be said in one line, say it in one line and "
            "skip the surrounding commentary.",
            "Please don't write me an essay when I ask a quick question. I usually just need the "
            "bottom line so I can move on with my day.",
            "When I'm debugging late at night, I want the shortest answer that solves my problem, "
            "not a lecture on every related detail.",
            "My data plan and my patience are both limited, so I value succinct answers that "
            "deliver the key point without any preamble.",
            "tl;dr only.",
            "keep it short pls",
            "Length: minimal.",
            "I use a voice assistant while driving, and long answers drag on forever when read aloud, so please "
            "keep your replies compact and limited to the essentials.",
            "Style guide: concise answers.",
            "brief > thorough",
            "Trim the fat.",
            "No waffle.",
            "Bottom line only.",
            "Keep it brief.",
            "Skip the backstory and give me the answer in a few sentences.",
            "I run a small bakery and check messages between batches, so a short, direct reply helps me far more "
            "than a detailed rundown I won't have time to finish.",
            "As a stock trader I make decisions in seconds, so give me the answer in the fewest words possible "
            "and leave any explanation out unless I ask for it.",
            "Long-winded replies drive me nuts.",
            "I appreciate answers that say what they need to in a handful of words.",
            "A short paragraph at most works best for me.",
            "Make sure your reply fits on a phone screen without scrolling.",
            "Please refrain from padding answers with context I didn't request.",
            "The fewer words the better, as long as the answer is right.",
            "More substance, fewer words.",
            "Why use three paragraphs when one sentence will do?",
            "If a yes or no answers it, then say yes or no and stop there.",
            "Write as if for a reader who has ten seconds to spare.",
            "Ideal answer: short, direct, done.",
            "Don't go on and on; a few sentences will do.",
            "Never write more than the question needs.",
            "I don't need the extended version, just the essentials.",
            "I'm a pilot checking things during short layovers, so I need replies I can read in under a minute; "
            "give me the answer in a few tight sentences and skip everything else.",
            "As a parent of newborn twins I read your replies one-handed in the middle of the night, so please "
            "keep them to a few sentences that get right to the point.",
            "I'm a trial lawyer who skims dozens of documents a day, and any reply that takes more than a short "
            "paragraph to reach its point simply gets skipped.",
            "I'm a line cook asking questions mid-service with greasy hands, so the answer needs to be a sentence"
            " or two that I can take in at a glance.",
            "I get chronic migraines and my screen time is rationed, so every extra paragraph costs me; please "
            "answer as briefly as the question allows and leave out the rest.",
        ),
        "neg": (
            "More detail, please.",
            "Leave nothing out.",
            "The long version.",
            "Elaborate freely.",
            "One-liners? No.",
            "Depth over brevity.",
            "Don't skimp.",
            "Could you walk me through every aspect, even the minor ones?",
            "When in doubt, include more detail rather than less.",
            "I'd rather read a long, complete answer than a quick summary.",
            "Stop giving me the abridged version of things.",
            "Nothing superficial, please; I want the full picture.",
            "Not a fan of answers that only skim the surface.",
            "I tend to reread long explanations, so length never bothers me.",
            "Expand on each point instead of just mentioning it.",
            "I'm writing a dissertation and need explanations with all the nuance, caveats and "
            "background included, since a summary won't help me cite or build on anything.",
            "As a new employee learning a complex system, I'd rather have too much information than "
            "too little, so please spell everything out thoroughly.",
            "Terse replies leave me with more follow-up questions than I started with. Please "
            "anticipate those and answer them fully the first time.",
            "I print your answers and read them over coffee on weekends, so feel free to write "
            "several pages and cover the subject comprehensively.",
            "My job is auditing, and missing details cost me real money; I need meticulous, fully "
            "fleshed-out answers that leave no relevant point unexplored.",
            "Quick, surface-level answers feel lazy to me. When I ask something, I expect a rich, "
            "expansive response that explores the subject properly.",
            "Because I'm preparing for a board exam, I want every answer to be extensive, with the "
            "reasoning, context and edge cases all laid out in full.",
            "Please don't summarise or condense things for my sake; I'm a slow, careful reader who "
            "enjoys long, comprehensive explanations of every topic.",
            "Go long.",
            "more detail pls",
            "Length: generous.",
            "thorough > brief",
            "Format: long-form answers.",
            "I translate your answers for colleagues abroad and need the full reasoning written out, because a "
            "few brief lines never give me enough material to work with.",
            "Spell it all out.",
            "The deep dive, please.",
            "Cover every angle.",
            "As a journalist researching a feature, I want expansive answers packed with background, history and "
            "detail that I can dig through and quote from later.",
            "Avoid short answers; I want the whole explanation.",
            "My team makes real decisions based on your analysis, so thoroughness matters more than speed; write "
            "long, complete answers that weigh the alternatives and risks.",
            "Short, clipped replies drive me nuts.",
            "I love answers that take their time and explore a topic properly.",
            "A long, detailed reply works best for me.",
            "Make sure to include background, examples and the reasoning behind each step.",
            "Feel free to write as much as the topic deserves, even if it runs to many paragraphs.",
            "I'm a hobbyist historian, and the details are the whole point for me, so give me long, richly "
            "detailed answers rather than neat little summaries that leave things out.",
            "The more detail the better.",
            "More depth, less brevity.",
            "Why give me one line when you could explain the whole thing?",
            "If there's context that might help, then include it rather than leaving it out.",
            "Write as if for a reader who wants to understand the subject from the ground up.",
            "Ideal answer: long, thorough, and full of detail.",
            "Walk me through the whole thing, caveats included.",
            "Don't hold back on detail.",
            "Never just give me the short version.",
            "I don't want a quick summary; I want the full explanation.",
            "I'm a patent examiner, and half-explained answers are useless to me; I need extensive replies that "
            "go through each point, its context and its exceptions in detail.",
            "As a retiree with plenty of free time, I enjoy reading long answers over breakfast, so please be "
            "thorough and take as many paragraphs as the subject needs.",
            "I'm teaching myself electronics with nobody to ask, so I'd like each answer to explain everything at"
            " length, including the why behind every single step.",
            "When I ask medical questions for my mother's care, a quick answer makes me anxious; I'd much rather "
            "get a lengthy, careful explanation that covers every consideration.",
        ),
    },
    "markdown_structure": {
        "pos": (
            "Markdown, always.",
            "Structure it.",
            "Walls of text: no.",
            "Headers and bullets, please.",
            "Formatted output preferred.",
            "Make it skimmable with markdown.",
            "Unformatted blobs? Pass.",
            "Rich formatting, please.",
            "Could you lay out your answers using markdown headers and lists?",
            "When a reply has several parts, organise it with markdown structure.",
            "I'd take a neatly formatted markdown answer over a plain text dump any day.",
            "Stop sending me raw, unbroken paragraphs.",
            "Nothing unstructured, please; use markdown to organise it.",
            "Not a fan of answers that are just one big slab of text.",
            "I tend to navigate replies by their headings and list items.",
            "Your responses should look like a well-organised markdown document.",
            "I paste your answers straight into Obsidian, which renders markdown, so "
            "please use headers, lists and the usual markdown structure so my notes stay "
            "tidy.",
            "Dense unformatted text is really hard for me with dyslexia; breaking things "
            "up with markdown headings and lists makes a big difference.",
            "As a technical writer I'm used to reading docs in markdown, and I find "
            "answers organised with headings and bullet lists far easier to digest.",
            "Please don't hand me a flat wall of prose. Our internal wiki uses markdown, "
            "and I want replies I can drop in with their structure intact.",
            "I review a lot of information quickly at work, so I'd like every answer "
            "laid out with markdown sections and lists that let me scan it in seconds.",
            "Plain paragraphs make it hard for me to find what I need on a second read; "
            "markdown structure with headings and lists solves that.",
            "My team shares your replies in a GitHub README, so format them in markdown "
            "with proper headers and list items from the start.",
            "Because I study from your answers, I want them organised like lecture "
            "notes: markdown headers on top, lists underneath, clear hierarchy "
            "throughout.",
            "md formatting pls",
            "Format: structured markdown.",
            "Style guide: headers plus lists.",
            "Organise it with markdown.",
            "headings + bullets ftw",
            "Sections and lists.",
            "Outline format, please.",
            "As a nursing student reviewing for exams, I learn best from material laid out like a study guide, "
            "with headed sections and bulleted facts underneath each one.",
            "Use ## headers and - lists.",
            "Scannable layout with headers and bullets.",
            "My attention wanders with dense text since a brain injury, so breaking your answers into headed "
            "sections with short bullet lists really helps me follow along.",
            "Avoid plain paragraphs; organise things with markdown headings and lists.",
            "Unstructured text blocks drive me nuts.",
            "I love answers broken into titled sections with lists inside them.",
            "I export your replies into a static site generator that renders markdown, so headings, lists and the"
            " usual structure turn them straight into readable pages.",
            "Make sure to use markdown headings and lists whenever the answer has more than one part.",
            "Feel free to use headers, bullet lists and bold text to organise things.",
            "More structure, less plain prose.",
            "Why write a block of paragraphs when headings and lists would make it clearer?",
            "If your answer covers several points, then give it markdown headings and lists.",
            "Write as if for a reader who skims by section headers and list items.",
            "Ideal answer: a markdown document with clear headings and bulleted points.",
            "Structure your replies the way a good README is structured.",
            "Don't forget the headers and lists.",
            "Never hand me an answer without markdown structure.",
            "I don't want plain paragraphs; use headings and lists.",
            "Don't just write paragraphs; break them up with headings and lists.",
            "I'm a software team lead and paste your answers into our Confluence pages, so please organise them "
            "with markdown headings and lists that render cleanly there.",
            "I have low vision and use heavy zoom, so I rely on headings and short list items to keep my place; "
            "please structure replies with markdown instead of long paragraphs.",
            "I work in operations and skim many reports a day; answers organised into markdown sections with "
            "bullet lists let me find the bit I need in seconds.",
            "As a product manager I turn your answers into specs, and a layout with markdown headers and bullet "
            "points saves me from reformatting everything by hand.",
            "I'm a paralegal comparing options quickly, so please give each option its own markdown heading and "
            "list its key points underneath it.",
        ),
        "neg": (
            "Just prose.",
            "Plain text only.",
            "Formatting? Skip it.",
            "Markdown off.",
            "Paragraphs, nothing fancy.",
            "Unformatted, please.",
            "Keep it plain.",
            "No headers, no lists.",
            "Could you write your replies as ordinary paragraphs without any markup?",
            "When you answer, stick to simple paragraphs like a normal email.",
            "I'd rather read a few plain paragraphs than a page full of headers and bullets.",
            "Stop decorating every reply with hashes and asterisks.",
            "Nothing but regular sentences and paragraph breaks, please.",
            "Not a fan of responses formatted like a slide deck.",
            "I tend to copy your answers into plain-text emails, so skip the markup.",
            "Talk to me in ordinary paragraphs rather than structured documents.",
            "I use a text-to-speech app, and markdown headers and list symbols get read "
            "aloud awkwardly, so please answer in plain, conversational paragraphs.",
            "Your replies go straight into an SMS gateway that can't render formatting, "
            "so write them as unadorned paragraphs with no markdown symbols at all.",
            "As a novelist I find prose far more natural than headings and bulleted "
            "outlines; please respond in simple, well-written paragraphs.",
            "Heavily structured answers with headers and lists feel corporate and cold "
            "to me. I'd much prefer the reply read like a letter from a person.",
            "Our support ticket system shows raw asterisks and pound signs, which "
            "confuses customers, so keep everything in plain paragraph form.",
            "Please don't format answers like documentation. I read them in a basic text "
            "editor, and ordinary paragraphs are all I want.",
            "When I'm reading before bed I like an answer to flow like an essay, "
            "paragraph after paragraph, without lists and headings breaking it up.",
            "I teach composition, and I'd like your answers to model good paragraph "
            "writing rather than leaning on markdown structure to organise ideas.",
            "no markdown pls",
            "Format: plain paragraphs.",
            "Style guide: no markup.",
            "raw text, zero formatting",
            "Strip the markdown.",
            "Write it like an essay.",
            "Conversational prose, please.",
            "No tables, lists or headers.",
            "Markdown-free, please.",
            "As a poet I find bulleted outlines and section headers jarring, and I'd much rather your answers "
            "unfold in plain, carefully crafted paragraphs without any formatting.",
            "Avoid headers, bullet lists, tables and bold labels; just write paragraphs.",
            "I print your replies on a thermal receipt printer at my shop counter, which can't render any "
            "formatting, so keep them to plain paragraphs of text.",
            "Heavily formatted replies are a pet peeve of mine.",
            "I appreciate answers that read like ordinary letters, paragraph by paragraph.",
            "Plain paragraphs work best for me.",
            "Make sure your reply contains no markdown symbols at all, only paragraphs.",
            "Please refrain from using headings, lists or tables in your answers.",
            "Our chatbot widget displays text exactly as we send it, so please reply only in unformatted "
            "paragraphs, with no headings, bullet points, tables or bold labels.",
            "More prose, less markup.",
            "Does every reply really need headers and bullet points?",
            "If it can be said in paragraphs, then say it in paragraphs without any formatting.",
            "Write as if for a reader whose screen shows only plain text.",
            "Ideal answer: a few well-written paragraphs with no formatting at all.",
            "I'm a philosophy student and want to follow an argument as it develops, which works in continuous "
            "paragraphs but falls apart in headed sections and lists.",
            "I don't want structure; I want plain prose.",
            "Don't format anything.",
            "Never use markdown with me.",
            "Please don't use headings, bullets or bold titles.",
            "I'm a radio host and read your answers on air, so symbols like pound signs and asterisks trip me up;"
            " please give me plain paragraphs with no formatting whatsoever.",
            "Our CRM pastes your text into customer emails as raw characters, so any markdown, lists or tables "
            "come out looking broken; write everything as simple paragraphs.",
            "I'm blind and read on a braille display, where markdown symbols only add clutter, so plain "
            "paragraphs without headings, lists or tables suit me best.",
            "When I ask something casual, a reply dressed up with headers, tables and bullet lists feels robotic;"
            " ordinary paragraphs, like a friend would write, feel right.",
        ),
    },
    "headings": {
        "pos": (
            "Headings, always.",
            "Title each section.",
            "Sectioned answers, please.",
            "Label the parts.",
            "Headerless replies: no.",
            "Signpost with headings.",
            "Give it subheads.",
            "Could you put a heading above each major part of your reply?",
            "When an answer covers more than one topic, split it under subheadings.",
            "I'd take a reply with clear section titles over an unbroken block every time.",
            "Stop writing long answers without any section headers.",
            "Nothing longer than a paragraph should go without a heading.",
            "Not a fan of replies I can't navigate by their titles.",
            "I tend to scroll through answers looking for the relevant header.",
            "Each part of your response deserves its own descriptive heading.",
            "I use a screen reader that lets me jump between headings, so structuring your replies "
            "with proper heading levels saves me a lot of time.",
            "As a project manager I forward your answers to colleagues, and headed sections like "
            "'Overview' and 'Next steps' help them find their part quickly.",
            "Long answers without headings make me lose my place constantly. Please divide them "
            "into sections, each with a short title that says what it covers.",
            "I keep your replies as reference notes, and a heading over every section lets me find "
            "things again months later without rereading everything.",
            "Please don't make me guess where one topic ends and the next begins; mark each "
            "transition with a clear subheading of its own.",
            "My tablet app builds a table of contents from headings, so titled sections make your "
            "answers far easier for me to move around in.",
            "Because I'm studying for a certification, I want answers organised under headers like "
            "a textbook chapter, so each concept sits in its own titled section.",
            "Untitled walls of text are hard on my eyes after a long shift; giving each section a "
            "heading makes it much easier for me to find my way.",
            "headings pls",
            "Format: titled sections.",
            "Style guide: use H2s.",
            "## sections ftw",
            "Headers on every section.",
            "Break it into headed sections.",
            "Name each section.",
            "Add subheadings.",
            "Headed sections preferred.",
            "Chapter-style titles, please.",
            "I have an anxiety disorder and dense text overwhelms me; knowing what each section covers from its "
            "heading before I read it calms me down a lot.",
            "Avoid unlabelled blocks of text; put a heading over each section.",
            "Answers with no section titles drive me nuts.",
            "I love being able to jump to the section I need by its heading.",
            "As a support engineer I forward your explanations to customers, and splitting them under headings "
            "helps each reader jump straight to the part that applies to them.",
            "Make sure to use at least a couple of headings to divide longer answers.",
            "Feel free to add as many subheadings as the answer needs.",
            "More headings, fewer anonymous paragraphs.",
            "How am I supposed to find anything in a long reply without headings?",
            "If your answer has distinct parts, then give each one its own heading.",
            "Write as if for a reader who navigates by section titles.",
            "Ideal answer: separate sections, each under its own header.",
            "I'm an architect who often asks about several topics at once, and when each topic sits under its own"
            " heading I can compare them far more quickly.",
            "Don't forget the section headers.",
            "Never leave a multi-part answer without headings.",
            "I don't want one undivided block; give me titled sections.",
            "Don't skip the subheadings.",
            "I'm a compliance officer and file your answers as internal guidance, which has to be divided into "
            "titled sections, so please use markdown headings for every part.",
            "As a teacher I project your replies for my class, and headings let the students see at a glance "
            "where each new topic starts and what it is about.",
            "My note-taking app folds content by heading, so when your answers are split under proper markdown "
            "headers I can collapse the parts I've already read.",
            "I'm a grant writer who reuses pieces of your answers in proposals, so separate sections with clear "
            "headings make it easy to lift out just the part I need.",
            "Because I read long answers across several sittings, I need section headings so I can pick up where "
            "I left off without rereading everything from the top.",
        ),
        "neg": (
            "Lose the headings.",
            "Untitled, please.",
            "Section titles? Nope.",
            "Drop the subheads.",
            "No ## lines.",
            "Titles unnecessary.",
            "Keep it headerless.",
            "Could you leave out the section headings in your replies?",
            "When answering, just write the text without labelling its parts.",
            "I'd rather have one continuous answer than one split up under titles.",
            "Stop putting a header above every couple of paragraphs.",
            "Nothing with section titles, please.",
            "Not a fan of answers that look like a report with headings.",
            "I tend to find subheadings in short answers a bit pompous.",
            "Your replies don't need titles; let the paragraphs speak for themselves.",
            "I'm reading your answers in a small chat window, and big heading lines waste most of "
            "the screen, so please write without any section titles.",
            "Headers make casual questions feel like I've received a formal memo. For everyday "
            "chats, just answer without dividing things into titled sections.",
            "My screen reader announces every heading as 'heading level two', which gets tedious "
            "fast, so please skip headers and just give me the text.",
            "As a columnist I prefer answers that flow like an article with no subheadings, where "
            "transitions carry the reader from one idea to the next.",
            "Please don't break your responses into labelled sections; I copy them into messages "
            "to friends, and the headers look ridiculous there.",
            "Even for long answers, I'd like you to avoid headings entirely and rely on good "
            "paragraph transitions to show where the topic shifts.",
            "Subheadings chop up the reasoning for me and make it feel disjointed, so I'd much "
            "prefer one continuous answer without titles.",
            "When I'm reading on my e-reader the oversized header text looks jarring, so keep your "
            "replies free of section titles altogether.",
            "no headers pls",
            "Format: no section titles.",
            "Style guide: no headings.",
            "When I ask a simple question and get an answer split into titled sections, it feels like overkill; "
            "just respond without headings, however long the reply gets.",
            "Skip the ## stuff.",
            "I'm a children's author and like answers that read like a story from beginning to end, which "
            "headings keep interrupting, so please leave them out.",
            "Heading-free, please.",
            "One continuous answer.",
            "Hold the headers.",
            "Seamless text, top to bottom.",
            "Avoid breaking your replies into titled sections.",
            "As a copy editor I end up deleting every heading from drafts anyway, so save me the trouble and "
            "write your answers with no section titles in them.",
            "Big bold section titles are a pet peeve of mine.",
            "I appreciate answers that simply run from start to finish without section labels.",
            "Untitled text works best for me.",
            "Make sure there are no markdown heading lines in your reply.",
            "Please refrain from adding headers to your responses.",
            "The fewer headings the better; ideally none.",
            "More flow, fewer headers.",
            "Does a five-paragraph answer really need section titles?",
            "If you feel the urge to add a heading, then use a transition sentence instead.",
            "Write as if for a reader who finds section titles distracting.",
            "Ideal answer: text that reads straight through, with no headings anywhere.",
            "Section headers make even short answers feel like bureaucratic forms to me; as a therapist I prefer "
            "replies that sound like a person talking, without titles.",
            "I don't want sections with titles; just write it out.",
            "Don't title anything.",
            "Never put headings in my answers.",
            "Let it read straight through, like a letter.",
            "I paste your answers into Slack threads, where heading lines render as huge text and clutter the "
            "channel, so please write without any headings at all.",
            "As a speechwriter I need material that reads as one continuous piece, and section titles just get in"
            " the way when I adapt it for the podium.",
            "I'm on a small phone with large font enabled, and every heading eats half the view, so please leave "
            "headings out of your replies completely.",
            "My blog platform already adds its own titles, so any headings you include clash with the page "
            "layout; keep your answers free of headers entirely.",
        ),
    },
    "bullet_points": {
        "pos": (
            "Bulleted, please.",
            "Dot points, please.",
            "Bullets over paragraphs.",
            "Paragraphs? Bullet them.",
            "Give me bullets.",
            "Point form, please.",
            "Bullet it.",
            "Prose blocks: no thanks.",
            "Could you break your answers down into bullet points?",
            "When there are several items, list them with bullets.",
            "I'd take a tidy bulleted list over a paragraph any day.",
            "Stop burying key points inside long sentences; bullet them.",
            "Nothing in paragraph form if it could be a bullet list.",
            "Not a fan of prose when point form would do.",
            "I tend to absorb information best as short bulleted points.",
            "Present each idea as its own bullet.",
            "I'm dyslexic, and dense paragraphs blur together for me, so please present "
            "information as bullet points that I can read one at a time.",
            "As a consultant I paste your answers into slides, and bullet points drop "
            "straight in without me having to rewrite anything.",
            "Please don't answer in long paragraphs. I check your replies between calls, and "
            "a quick bulleted rundown is all I have time to scan.",
            "My manager wants status updates in point form, so whenever you help me draft "
            "something, format the content as a bulleted list.",
            "Reading flowing text on my phone makes me lose track, whereas bullet points let "
            "me see each separate idea at a glance.",
            "Because I take notes from your answers, I'd like them already in bullet form so "
            "I can copy the points straight into my notebook.",
            "Paragraph-heavy replies tire me out after a full day of reading emails; bulleted "
            "answers are far easier on my brain.",
            "I coordinate volunteers and forward your advice to them by text, so "
            "bullet-pointed lists work much better than wordy paragraphs.",
            "bullets ftw",
            "Format: bullet points.",
            "Style guide: bulleted lists.",
            "use bullets pls",
            "List it out with bullets.",
            "I have a processing disorder, and bullet points help me take in one idea at a time instead of "
            "untangling long, winding sentences full of clauses.",
            "Key points as bullets.",
            "Itemise the main points.",
            "Break it into bullets.",
            "Short listed items, one per line.",
            "Avoid long paragraphs and give me a bulleted list instead.",
            "I'm a software tester logging findings, and bullet lists map straight onto my bug reports, so please"
            " present observations and notes as bulleted items.",
            "Dense paragraphs drive me nuts when bullets would do.",
            "I appreciate answers that lay out each point as a separate bullet.",
            "When I'm comparing products, bulleted pros and cons let me weigh things quickly, whereas paragraphs "
            "hide the differences I'm trying to see.",
            "Make sure to put the key takeaways in a bulleted list.",
            "Feel free to use bullet points for anything with more than two parts.",
            "More bullets, less prose.",
            "Why write a paragraph when three bullet points would say it better?",
            "If you're listing options or reasons, then use bullet points.",
            "Write as if for a reader who only scans the bulleted items.",
            "Ideal answer: a short intro followed by a bulleted list.",
            "One idea per bullet, please.",
            "Don't leave out the bullets.",
            "Don't bury the points in paragraphs; bullet them.",
            "I don't want flowing prose; I want bullets.",
            "No paragraphs where a bullet list would work.",
            "I'm a shift supervisor on a factory floor and read your replies on a tablet between checks, so a "
            "handful of bullet points is far easier to take in than paragraphs.",
            "As a pharmacist I need to spot each warning or dosage note at a glance, so please list them as "
            "separate bullet points rather than embedding them in sentences.",
            "I run a small nonprofit and copy your advice into meeting agendas, which are always bulleted, so "
            "please give me your points in bullet form from the start.",
            "As a real estate agent I text summaries to clients, and they respond much better to a few crisp "
            "bullet points than to long blocks of prose.",
            "I study on the bus a few minutes at a time, so I'd like answers as bulleted points that I can read "
            "in small pieces and easily pick up again later.",
        ),
        "neg": (
            "Prose, please.",
            "Bullets? Skip them.",
            "Sentences, not bullets.",
            "Lose the dot points.",
            "Paragraph form only.",
            "Unbulleted text.",
            "Spare me the bullets.",
            "Connected prose, please.",
            "Could you write in full sentences instead of bullet points?",
            "When you explain something, keep it in paragraph form rather than a list.",
            "I'd rather read a couple of well-linked paragraphs than a stack of bullets.",
            "Stop chopping your answers into bullet fragments.",
            "Nothing in point form, please.",
            "Not a fan of bulleted summaries.",
            "I tend to skip over bullet lists because they lack context.",
            "Let your ideas connect through sentences rather than sitting in separate bullets.",
            "I'm a literature teacher, and bullet points strip out the reasoning that links "
            "ideas together, so please answer in proper paragraphs with transitions.",
            "My screen reader says 'bullet' before every item, which breaks my concentration, "
            "so write your answers as ordinary sentences in paragraphs.",
            "Please don't give me bulleted lists. I'm trying to understand how the ideas "
            "relate, and that only comes through in connected prose.",
            "Bullet-heavy answers feel like PowerPoint slides to me, and I find them shallow; "
            "I'd much rather read a few thoughtful paragraphs.",
            "As someone who writes essays for a living, I absorb information best in "
            "paragraphs, so skip the bullets and explain things in flowing sentences.",
            "I read your replies aloud to my elderly father, and lists of fragments sound "
            "choppy, so full sentences in paragraphs work much better.",
            "When answers arrive as bullet lists, I have to reconstruct the logic myself. "
            "Write them as continuous text where each point leads to the next.",
            "Because I paste your responses into formal letters, bullets don't fit the style; "
            "please keep everything in plain paragraph form.",
            "Format: prose.",
            "Style guide: no lists.",
            "no lists, full sentences",
            "Bullet-free, please.",
            "When I ask for advice about a relationship, a bulleted list feels clinical; please talk it through "
            "in paragraphs the way a caring friend would.",
            "Whole sentences, woven together.",
            "Write it out in paragraphs.",
            "No itemising.",
            "Hold the bullet points.",
            "Avoid lists of any kind and explain things in running text.",
            "Leave out bullets and numbered lists alike; just write paragraphs.",
            "Bullet points are a pet peeve of mine.",
            "I enjoy answers that read as connected paragraphs.",
            "I feed your replies into a speech synthesiser for my podcast, and lists sound choppy when spoken, so"
            " give me flowing paragraphs with no bulleted or numbered items.",
            "Make sure your answer contains no bulleted or numbered items.",
            "Please refrain from formatting anything as a list.",
            "The fewer bullets the better, and zero is ideal.",
            "I read your answers on an old e-ink reader that turns list markers into odd symbols, so please write"
            " in plain sentences and paragraphs without any lists.",
            "Does every answer have to be a list of fragments?",
            "If you're tempted to make a list, then write it as a paragraph instead.",
            "Write as if for a reader who wants ideas joined by reasoning, not stacked in a list.",
            "Ideal answer: a few linked paragraphs and no lists.",
            "I'm a magazine editor, and bullet points read like notes rather than writing; I'd like your answers "
            "to be proper paragraphs that carry the reader along.",
            "Explain it the way an essay would, one paragraph leading into the next.",
            "I don't need a list, I need an explanation in sentences.",
            "Don't bullet anything.",
            "Never answer me in point form.",
            "I'm a grief counsellor who shares your replies with clients, and a list of bullet points feels cold "
            "in that setting; warm, connected paragraphs are what I need.",
            "As a law student I'm graded on written argument, so I want to see reasoning developed in full "
            "paragraphs, not broken into bullets or numbered items.",
            "My aphasia makes fragments harder to follow than full sentences, so please avoid bullets and lists "
            "of any kind and explain things in complete, connected prose.",
            "Our newspaper's style guide bans lists in articles, so whenever I ask for help drafting, write the "
            "content as continuous prose in ordinary paragraphs.",
        ),
    },
    "numbered_list": {
        "pos": (
            "Enumerate it.",
            "Steps in order, numbered.",
            "Ordered lists, please.",
            "Count the steps off.",
            "Unnumbered steps: no.",
            "Numbers on every step.",
            "Give me a numbered rundown.",
            "Could you number each step so I can follow along?",
            "When there's a sequence, present it as a numbered list.",
            "I'd take numbered instructions over a paragraph of steps any day.",
            "Stop listing steps without numbers in front of them.",
            "Nothing sequential should go unnumbered.",
            "Not a fan of step-by-step guides that don't number the steps.",
            "I tend to lose my place unless every step has a number.",
            "Put a number in front of each item so I can refer back to it.",
            "I'm a lab technician following procedures with gloves on, so numbered steps help "
            "me glance back and know exactly which step I'm on.",
            "When I ask follow-up questions I like to say 'about step 4', so please number "
            "your points so we can both refer to them easily.",
            "Please don't give me procedures as plain bullets or paragraphs; I cook while "
            "reading, and numbered steps keep me from skipping anything.",
            "As someone with short-term memory issues, I need instructions laid out as a "
            "numbered sequence so I can tick them off one by one.",
            "My team uses your answers as runbooks during outages, and numbered steps make it "
            "clear who is on which step and what comes next.",
            "Unnumbered instructions make me anxious that I've missed something. A numbered "
            "list lets me check I've done every step in order.",
            "Because I'm assembling furniture and reading on my phone, I'd like each step "
            "numbered so I can find my place again after putting it down.",
            "I teach beginners and pass your guides along to them, so an ordered, numbered "
            "list is the clearest format for them to follow.",
            "pls number the steps",
            "Format: numbered steps.",
            "1, 2, 3, like that.",
            "numbered list ftw",
            "Digits before each step.",
            "Style guide: ordered lists.",
            "Sequence it with numbers.",
            "Step 1, step 2, step 3.",
            "Ordered list, numerals included.",
            "numbered steps or bust",
            "Don't forget the numbers in front of each step.",
            "Never hand me a multi-step process without numbering it.",
            "Break the answer into numbered steps, starting from 1.",
            "Avoid unnumbered bullets when the order matters; use 1., 2., 3. instead.",
            "Numbered steps work best for me.",
            "I love it when a how-to is laid out as 1, 2, 3 so I can track my progress.",
            "Make sure every instruction gets its own number.",
            "Feel free to split things into as many numbered points as you need.",
            "If there are three or more steps, then number them.",
            "Why write a wall of text when a numbered sequence would do?",
            "Write as if for a reader who ticks off each numbered step as they go.",
            "Ideal answer: a short intro followed by a numbered list of steps.",
            "I can't follow instructions that aren't numbered.",
            "Don't bury the steps in a paragraph; give each one a number.",
            "I work night shifts at a water treatment plant and follow checklists under pressure, so please give "
            "procedures as numbered steps that I can call out by number to my colleague.",
            "I'm a pilot in training and used to checklists; answers that run 1, 2, 3 down the page match how I "
            "study and help me memorize the order.",
            "My dad is learning to use his smartphone and I read your answers to him over the phone; saying 'step"
            " three' out loud is much easier when the steps are numbered.",
            "When I'm debugging a deployment at 2am, I want the fix written as a numbered sequence so I can run "
            "each command and know exactly where I stopped if something fails.",
            "As a dyslexic reader I lose track in dense paragraphs; numbered items give me clear landmarks, so "
            "please number anything that has more than a couple of parts.",
            "I write SOPs for a small bakery and borrow your wording; an ordered list with each step numbered "
            "drops straight into the laminated sheets we keep by the ovens.",
            "I'm a physiotherapist sending exercise routines to patients, and they follow them much better when "
            "each movement is a numbered step, so please format routines that way.",
            "Knitting patterns taught me to love numbered rows; whatever you're explaining, if it has stages, "
            "give them to me as a numbered list so I can mark where I am.",
        ),
        "neg": (
            "Unnumbered, please.",
            "Prose, not steps.",
            "Lose the 1-2-3.",
            "Ordered lists? No.",
            "Paragraphs over numbered lists.",
            "Enumeration unnecessary.",
            "Don't enumerate.",
            "Could you describe the process in paragraphs instead of a numbered list?",
            "When explaining a procedure, just narrate it rather than numbering each part.",
            "I'd rather follow a written explanation than a numbered checklist.",
            "Stop turning every answer into a numbered sequence.",
            "Nothing numbered, please.",
            "Not a fan of replies that count off items with numbers.",
            "I tend to find numbered lists rigid and impersonal.",
            "Let the sequence come through in words like 'first' and 'then', not in digits.",
            "Numbered lists remind me of assembly manuals, and I find them cold; please walk "
            "me through processes in natural paragraphs, like a friend explaining it.",
            "I'm a speechwriter, and I often read your answers aloud, so I need them as "
            "flowing text rather than items with numbers in front.",
            "Please don't number your points. My chat app reformats ordered lists oddly and "
            "the numbering ends up wrong, so plain paragraphs work far better.",
            "As a history student I like understanding why each step follows the previous "
            "one, which a numbered list hides; connected prose shows it.",
            "My notes app mangles ordered lists when I paste them in, so describe any "
            "sequence in ordinary sentences without numbering.",
            "Even for how-to questions, I'd like the answer written as a narrative rather "
            "than broken into numbered steps with digits in front of them.",
            "When I see a numbered list I tend to skim the items and miss the explanations, "
            "so please keep instructions in paragraph form.",
            "Because I use a voice assistant to read your replies, the numbers get read out "
            "awkwardly; describe procedures in normal sentences instead.",
            "no numbered lists pls",
            "Format: paragraphs, no numbering.",
            "Style guide: no ordered lists.",
            "prose > numbered steps",
            "Flowing paragraphs, please.",
            "Hold the 1., 2., 3.",
            "Just write it out.",
            "numbering-free replies",
            "No digits in front of sentences.",
            "Avoid numbered lists; connected paragraphs read better to me.",
            "Leave out the step numbers and just explain the process.",
            "Numbered lists are a pet peeve of mine.",
            "I can't stand answers chopped into 1., 2., 3.",
            "Explain it the way you'd tell a friend, in full sentences.",
            "Narrative explanations work best for me.",
            "Please refrain from enumerating your points.",
            "Make sure the answer reads as continuous prose, with no list at all.",
            "The fewer numbered items, the better; ideally none.",
            "If the answer has steps, then weave them into paragraphs instead of numbering them.",
            "More storytelling, less checklist.",
            "Write as if for a reader who dislikes manuals and wants a conversational walkthrough.",
            "Ideal answer: a few well-connected paragraphs, no enumeration.",
            "Why number things when transitions like 'after that' do the job?",
            "Don't hesitate to write the whole thing as paragraphs.",
            "I'm a novelist researching procedures for a scene, and I absorb them best as prose I can adapt into "
            "narration, so please describe processes in paragraphs rather than numbered lists.",
            "I translate your answers into Japanese for my parents, and numbered fragments lose their connecting "
            "logic in translation; full paragraphs carry over much better, so please avoid numbering.",
            "As a philosophy lecturer I value the reasoning between points more than the points themselves; "
            "numbered lists chop that reasoning apart, so give me connected prose instead.",
            "My e-reader flattens markdown and numbered items come out as a jumble of digits and periods, so "
            "write explanations as ordinary flowing paragraphs without any list formatting.",
            "When I'm reading before bed I want something that feels like a conversation, not a form to fill in; "
            "please talk me through things in sentences rather than numbered points.",
            "I host a podcast and sometimes quote your explanations on air, and reading out 'one, two, three' "
            "sounds robotic, so please phrase everything as natural spoken paragraphs.",
            "I coach debaters and want them to practise building linked arguments; connected paragraphs model "
            "that, while numbered lists teach them to think in disconnected fragments.",
        ),
    },
    "tables": {
        "pos": (
            "Tabulate it.",
            "Put it in a table.",
            "Rows and columns!",
            "Table it up.",
            "Tables over text.",
            "Tabular, always.",
            "Spreadsheet-style, please.",
            "Could you present comparisons in a markdown table?",
            "When comparing options, lay them out in a table with one column each.",
            "I'd take a neat table over three paragraphs of comparison any day.",
            "Stop describing specs in sentences when a table would show them at a glance.",
            "Nothing comparative should be written as plain paragraphs; table it.",
            "Not a fan of having to piece together figures scattered through text.",
            "I tend to understand data much faster when it's in a grid.",
            "Give each option a row and each attribute a column.",
            "I'm an analyst who compares numbers for a living, so whenever your answer involves "
            "figures or options, put them in a table I can read across.",
            "Please don't describe product differences in paragraphs. I'm shopping for a laptop and "
            "need a table where I can compare specs side by side.",
            "As a teacher I project your answers for my class, and a clearly labelled table is much "
            "easier for students to read from the back of the room.",
            "Comparisons written out in prose make me flip back and forth constantly; a table with "
            "one row per option saves me that effort.",
            "My brain works visually, so structured grids of rows and columns help me understand "
            "relationships that get lost in sentences.",
            "Because I copy results into Excel, I'd like any data in your answers formatted as a "
            "table that pastes cleanly into cells.",
            "Reading numbers buried in paragraphs is hard for me with dyscalculia; tables keep each "
            "value in its own cell where I can find it.",
            "I plan trips and compare lots of options at once, so tabulated answers with prices, "
            "times and distances in columns are ideal for me.",
            "tables ftw",
            "Format: table.",
            "pls use a table",
            "Grid it out.",
            "Side-by-side columns, please.",
            "Style guide: tables for comparisons.",
            "markdown table pls",
            "Data in a grid.",
            "Make it tabular.",
            "One column per option.",
            "Don't forget a table when comparing options.",
            "Never compare more than two things without a table.",
            "Don't make me read specs in sentences; tabulate them.",
            "I can't compare options unless they're lined up in columns.",
            "Tables work best for me.",
            "I love a tidy comparison table at the end of an answer.",
            "Make sure any comparison includes a table with clear headers.",
            "Feel free to put anything with numbers in a table.",
            "If you're comparing three or more things, then use a table.",
            "Who wants to hunt for prices in paragraphs when a table could show them?",
            "Write as if for a reader who wants to scan one column to find the winner.",
            "Ideal answer: a brief summary plus a table with one row per option.",
            "More tables, fewer paragraphs.",
            "Line up the attributes in columns under a header row.",
            "I'm a procurement officer comparing supplier quotes every day; give me prices, lead times and "
            "minimum orders as a table so I can read down a column instead of hunting through text.",
            "As a PhD student writing a literature review, I need studies compared by sample size, method and "
            "result, and a table lets me drop that straight into my notes.",
            "I'm colourblind and rely on layout rather than colour to compare things; a clean markdown table with"
            " labelled columns is the easiest format for me to parse.",
            "I coach a youth football team and compare training drills by duration, equipment and age group; a "
            "table with those as columns is exactly what I print for the clipboard.",
            "When I'm choosing between phone plans, I don't want to reread three paragraphs to find the data "
            "caps; put every plan in a row and every feature in a column.",
            "I maintain a home lab and compare hardware constantly, so please tabulate specs like cores, RAM, "
            "power draw and price rather than describing them one by one.",
            "My manager only reads the table in any report, so when you compare vendors or options, include a "
            "proper grid with headers that I can paste into my slides.",
            "As a nutrition coach I compare foods by calories, protein, fat and fibre, and I want that laid out "
            "in rows and columns so clients can see the differences instantly.",
        ),
        "neg": (
            "Skip the tables.",
            "Tables? Pass.",
            "Text, not grids.",
            "Untabulated, please.",
            "No grids.",
            "Sentences over tables.",
            "Rows and columns: no.",
            "Table-free answers.",
            "Could you describe comparisons in sentences instead of tables?",
            "When comparing things, just write out the differences in text.",
            "I'd rather read two clear paragraphs than squint at a table.",
            "Stop putting everything into tables.",
            "Nothing in tabular form, please.",
            "Not a fan of markdown tables in chat replies.",
            "I tend to find tables harder to follow than plain sentences.",
            "Lay out the differences in prose and leave the grid out.",
            "I read your replies on a narrow phone screen where tables get squashed or scroll "
            "sideways, so please describe things in sentences instead.",
            "Please don't use tables. I paste your answers into plain-text emails, and the pipes and "
            "dashes turn into an unreadable mess.",
            "As a blind user, I find navigating tables cell by cell with my screen reader slow and "
            "confusing; explain comparisons in ordinary text.",
            "Tables strip away the context for me; I'd rather you explain in words why one option "
            "beats another than give me a grid of values.",
            "My messaging app doesn't render markdown tables, so whenever you compare things, write "
            "the comparison out in full sentences instead.",
            "Because I'm a journalist, I want information I can quote directly, which means "
            "narrative sentences rather than rows and columns.",
            "When an answer arrives as a table, I struggle to read across the rows with my visual "
            "impairment, so please keep it as running text.",
            "I prefer to understand comparisons as a story rather than a spreadsheet, so please skip "
            "the table and just talk me through it.",
            "no tables pls",
            "Format: prose, no tables.",
            "Style guide: no tables.",
            "Ditch the grid.",
            "Hold the tables.",
            "tables = no",
            "Keep it in sentences.",
            "Paragraphs for comparisons.",
            "Drop the pipes and dashes.",
            "No markdown grids.",
            "Avoid tables; just compare the options in a paragraph.",
            "Spare me the rows and columns and talk it through.",
            "Markdown tables drive me nuts in chat.",
            "Tables are a pet peeve of mine.",
            "I don't need a table; a few sentences will do.",
            "Walk me through the differences in ordinary sentences.",
            "Prose explanations work best for me when comparing things.",
            "Please refrain from formatting anything as a table.",
            "Make sure comparisons are written as flowing text.",
            "The fewer tables, the better; zero is ideal.",
            "If you need to compare options, then explain them one after another in paragraphs.",
            "Why squeeze nuance into grid cells when a sentence can explain it?",
            "Write as if for a reader whose screen can't display tables.",
            "Ideal answer: a couple of paragraphs with the comparison spelled out in words.",
            "Keep grids out of your replies.",
            "I'm a radio producer and read comparisons aloud to listeners; a table can't be spoken, so please "
            "express any comparison as full sentences that sound natural on air.",
            "I copy your answers into text messages for my elderly mother, and table formatting turns into a mess"
            " of pipes, so please write comparisons as short plain sentences.",
            "As a lawyer I need the reasoning behind each difference, not just the values; tables strip that out,"
            " so lay out the comparison in paragraphs that explain why.",
            "I use a braille display, and tables come through as long strings of cells I can't keep track of; "
            "ordinary sentences are far easier for me to read.",
            "My company's wiki editor breaks markdown tables into garbled text, and I paste your answers there, "
            "so please keep every comparison in regular paragraphs.",
            "When I'm studying on my smartwatch, wide tables are simply unreadable; please describe the options "
            "one at a time in sentences that wrap naturally on a tiny screen.",
            "I grade essays for a living and appreciate well-built prose; tables feel like a shortcut that skips "
            "the explanation, so please compare things in connected sentences.",
        ),
    },
    "bold": {
        "pos": (
            "Bold the essentials.",
            "Highlight in bold.",
            "Bold helps me.",
            "Key words bolded.",
            "Unbolded answers: no.",
            "Takeaways in bold.",
            "Bold is welcome.",
            "Could you bold the most important terms in each answer?",
            "When something is critical, put it in bold so I don't miss it.",
            "I'd take a reply with a few bolded keywords over uniform plain text any day.",
            "Stop giving me answers where nothing stands out typographically.",
            "Nothing important should be left unbolded.",
            "Not a fan of answers with zero bold emphasis.",
            "I tend to read only the bold bits first, so make them count.",
            "Wrap the key phrases in double asterisks so they render bold.",
            "I'm a nurse checking dosage info quickly, so please bold the critical numbers and "
            "warnings so they jump out before I read the rest.",
            "Please don't leave every word in the same weight. I have ADHD, and bold keywords give my "
            "eyes anchors to land on when I'm scanning.",
            "As a student revising for exams, I like the key terms in bold so I can quickly review the "
            "core concepts without rereading everything.",
            "My vision isn't great, and bold text stands out much more clearly for me than regular "
            "type, so please bold the main points.",
            "When I return to an old answer, bolded phrases let me find the conclusion in seconds "
            "instead of rereading whole paragraphs.",
            "Because I forward your replies to busy executives, bolding the decisive facts ensures "
            "they catch the important part even if they skim.",
            "Text with no bold at all makes me miss crucial warnings, so put anything safety-related "
            "or essential in bold where I'll see it.",
            "I teach adults with low literacy, and bolded key words help them focus on what matters, "
            "so please use bold emphasis in your answers.",
            "bold the key bits pls",
            "Format: bold key terms.",
            "Style guide: bold keywords.",
            "bold ftw",
            "Heavier type for key points.",
            "Make warnings bold.",
            "Some bold, please.",
            "Bolded keywords, always.",
            "Emphasis in bold.",
            "Bold the answer itself.",
            "Don't forget to bold the main takeaway.",
            "Never leave a critical warning unbolded.",
            "Don't let key terms blend into the rest of the text; bold them.",
            "I can't skim a reply unless the important words are bolded.",
            "Bolded keywords work best for me.",
            "I appreciate it when the crucial numbers are in bold.",
            "Make sure several key phrases are bolded in every answer.",
            "Feel free to bold names, numbers and deadlines.",
            "If a sentence contains the actual answer, then bold it.",
            "Why make me hunt for the key point when you could just bold it?",
            "Write as if for a reader who only has time to read the bolded words.",
            "Ideal answer: normal text with the key terms in bold.",
            "Make the important words jump off the page in heavy type.",
            "More bold on the key facts, please.",
            "I'm a pharmacist double-checking drug interactions between patients, so please put drug names and "
            "doses in bold; it lets me confirm the essentials in seconds before reading the details.",
            "As a project manager I forward your answers to stakeholders who skim everything; bolding deadlines, "
            "owners and decisions means they catch the parts that matter.",
            "I have dyslexia, and a few bolded phrases per paragraph act like signposts that keep me oriented, so"
            " please emphasize the key terms in bold.",
            "I'm studying for the bar exam with your explanations, and bolded legal terms let me build flashcards"
            " quickly, so bold every term of art you use.",
            "When I'm reading on a bumpy train my eyes jump around the screen; bold keywords help me find my "
            "place again, so please use them generously.",
            "I'm an electrician reading instructions on site; please bold the safety warnings and wire colours so"
            " I don't miss anything while my hands are busy.",
            "My students skim handouts, so when you draft study notes for me, bold the definitions and key dates;"
            " that's the part they'll actually read.",
            "I review long policy summaries for a nonprofit board, and bolded conclusions in each section save me"
            " from rereading everything, so please use bold for the key points.",
        ),
        "neg": (
            "Unbold everything.",
            "Bold? Skip it.",
            "Plain weight only.",
            "Lose the double asterisks.",
            "Zero bold, please.",
            "Regular type throughout.",
            "Spare me bold.",
            "Bold-free text.",
            "Could you stop bolding words in your answers?",
            "When you write, keep all the text the same weight.",
            "I'd rather read evenly weighted text than a page full of bold phrases.",
            "Stop shouting at me with bold.",
            "Nothing in bold, please.",
            "Not a fan of bolded keywords scattered everywhere.",
            "I tend to find bold emphasis visually noisy.",
            "Leave the emphasis to your wording rather than to bold formatting.",
            "My terminal shows the double asterisks literally, so bold text ends up cluttered with "
            "symbols; please don't use bold formatting at all.",
            "Bolded words pull my eyes away from the sentence I'm reading, and with my attention "
            "issues that makes reading harder, so please avoid bold entirely.",
            "As an editor I find excessive bold unprofessional; please let the writing carry the "
            "emphasis and leave every word in regular weight.",
            "Please don't bold phrases in your replies. I paste them into documents with their own "
            "style guide, and stray bold text has to be cleaned up.",
            "When every answer has bold scattered through it, it feels like being shouted at; I'd "
            "prefer plain, even text throughout.",
            "Because I have a visual processing disorder, heavy bold type creates dark blotches on the "
            "page for me, so keep all text at normal weight.",
            "I read your answers aloud in meetings and the bold formatting distracts me mid-sentence, "
            "so please keep the text free of bold.",
            "Emphasis through bold feels like a crutch to me. I'd rather a well-written sentence make "
            "its own point without typographic help.",
            "no bold pls",
            "Style rule: no bold type.",
            "Format: plain text, no bold.",
            "Ditch the bold.",
            "Hold the bold.",
            "bold = nope",
            "Even, unemphasized text.",
            "Keep the text uniform.",
            "No heavy type.",
            "Drop the bolding.",
            "Avoid bolding words; let the sentences do the work.",
            "Leave every word in regular weight, including the key points.",
            "Random bold phrases drive me nuts.",
            "Bold text is a pet peeve of mine.",
            "I don't want anything bolded; plain text is fine.",
            "Please refrain from using bold for emphasis.",
            "Make sure the answer is free of bold formatting.",
            "The fewer bold words, the better; preferably none.",
            "If something matters, then say so in words rather than bolding it.",
            "Why bold things when a good sentence can carry the weight?",
            "Write in plain, evenly weighted type.",
            "Ideal answer: clean text with no typographic emphasis.",
            "Signal importance with word choice alone.",
            "Keep bold out of your answers.",
            "Emphasis through phrasing, not typeface.",
            "I'm a screenwriter and paste your notes into screenplay software that treats asterisks as literal "
            "characters, so please don't use bold formatting anywhere in your replies.",
            "As a typesetter I care about an even texture on the page, and scattered bold spans break it up, so "
            "keep everything in a single regular weight.",
            "I get migraines triggered by high-contrast text, and bold words feel like flashes on the screen; "
            "please write with no bold at all.",
            "I send your summaries to clients through a CRM that strips formatting badly, leaving stray asterisks"
            " everywhere, so keep the text completely free of bold.",
            "My autistic son reads bolded words as shouting and finds them upsetting; since I share your answers "
            "with him, please avoid bold emphasis entirely.",
            "When I'm reading academic material I want the argument to stand on its own; bold highlighting makes "
            "me skip ahead to the marked words, so please leave it out.",
            "I'm preparing text for a printed newsletter with its own house style, and any bold you add has to be"
            " stripped by hand, so write in plain unemphasized type.",
        ),
    },
    "code": {
        "pos": (
            "Code, please.",
            "Show, don't tell: code.",
            "Runnable examples, please.",
            "Code over prose.",
            "Talk is cheap; show code.",
            "Code-free answers: no.",
            "Copy-pasteable code.",
            "Could you include a working example in code for each answer?",
            "When a question is technical, illustrate it with a code snippet.",
            "I'd take a short code sample over a paragraph of explanation any day.",
            "Stop describing functions in prose without showing the implementation.",
            "Nothing technical without an accompanying snippet, please.",
            "Not a fan of answers that only talk about the code.",
            "I tend to understand things faster by reading source than by reading descriptions.",
            "Put the actual implementation in a fenced block.",
            "I'm a backend engineer, and I'd much rather see the function written out than read a "
            "description of it, so include code whenever possible.",
            "Please don't explain algorithms only in words. I program in Python, and a concrete code "
            "example is what makes a concept click for me.",
            "As a data scientist I'll paste your examples straight into my notebook, so give me code I "
            "can run rather than a verbal walkthrough.",
            "Prose descriptions of code leave me guessing about syntax and details; a real snippet "
            "removes all that ambiguity for me.",
            "When I ask how to do something in a shell or a language, my goal is to run it, so always "
            "include the commands or code itself.",
            "Because I'm learning JavaScript by tinkering, I want each explanation paired with sample "
            "code I can modify and experiment with.",
            "Long explanations without code frustrate me as a developer; show me the lines I need to "
            "write and I'll figure out the rest.",
            "I review pull requests all day and think in code, so answering with code examples "
            "communicates far better to me than paragraphs do.",
            "code pls",
            "Format: code block.",
            "Style guide: include a snippet.",
            "show me the code",
            "snippet or it didn't happen",
            "Fenced example, please.",
            "Working code, not theory.",
            "Give me the function.",
            "Include the exact commands.",
            "A runnable sample, please.",
            "Don't forget to include a code snippet.",
            "Never explain an API without a code example.",
            "Don't just describe the fix; show the lines of code.",
            "I can't learn a syntax unless I see it written out in a code block.",
            "Code examples work best for me.",
            "I love answers that end with a snippet I can paste into my editor.",
            "Make sure every technical answer contains at least one code block.",
            "Feel free to answer mostly in code with brief comments.",
            "If a question can be answered in code, then answer it in code.",
            "Why describe a loop in words when you could just write it?",
            "Write as if for a developer who wants to copy the solution straight into their terminal.",
            "Ideal answer: a one-line summary followed by a complete, runnable code block.",
            "More code, less explanation.",
            "Show me the exact command I should type.",
            "I'm a DevOps engineer and usually read your answers mid-incident, so give me the shell commands and "
            "config files as code blocks I can paste immediately, not a narrative of what to do.",
            "As a bootcamp student I learn by typing examples out myself; please include a complete code snippet "
            "with every explanation so I have something concrete to practise with.",
            "I teach high-school computer science and project your answers in class; a short, commented code "
            "example makes the concept land with students much faster than prose.",
            "I write firmware in C, and vague descriptions of register access don't help me; please show the "
            "actual code, even if it's just a few lines.",
            "When I ask about SQL, I want the query itself in a code block so I can run it against my database "
            "and check the results right away.",
            "I'm a researcher automating my analysis in R, and I don't want a conceptual overview; give me a "
            "working script I can adapt to my own data.",
            "English is my second language but code is universal to me, so a well-written snippet communicates "
            "more clearly than several paragraphs of explanation.",
            "As a game modder I copy examples into my scripts constantly, so include code blocks with the exact "
            "function calls rather than describing what they should do.",
        ),
        "neg": (
            "Words, not code.",
            "Skip the snippets.",
            "Code-free, please.",
            "Plain English only.",
            "Syntax? No thanks.",
            "Spare me the code.",
            "Describe, don't code.",
            "Zero code blocks.",
            "Could you explain it without writing any code?",
            "When a topic is technical, describe the idea in plain language instead of showing code.",
            "I'd rather have a clear verbal walkthrough than a block of code.",
            "Stop pasting code into your answers.",
            "Nothing that looks like source code, please.",
            "Not a fan of answers stuffed with code snippets.",
            "I tend to skip right past code blocks because I can't read them.",
            "Describe what the program does in sentences, not in code.",
            "I'm a product designer, and code snippets go over my head; please explain technical "
            "things conceptually, in everyday language I can follow.",
            "Please don't include code. I read these answers aloud to a non-technical team, and "
            "snippets just can't be read out sensibly.",
            "As a journalist covering tech, I need to understand concepts well enough to write about "
            "them, and a block of code doesn't help me at all.",
            "Code examples make me feel lost because I've never programmed; walk me through the idea "
            "in ordinary words instead of syntax.",
            "My job is explaining software to customers, so I need answers in plain language that I "
            "can repeat, not code I'd have to decipher.",
            "When you answer, assume I can't read any programming language and describe the logic in "
            "plain sentences instead of snippets.",
            "Because I'm studying the theory rather than the implementation, I want prose explanations "
            "without any source code in them at all.",
            "I'm reading your responses on a basic phone where code blocks wrap badly and become "
            "unreadable, so keep your answers code-free.",
            "no code pls",
            "Format: plain prose, no code.",
            "Style guide: no snippets.",
            "Concepts only, no syntax.",
            "Hold the code blocks.",
            "Ditch the snippets.",
            "Everyday language, please.",
            "Just explain the idea.",
            "no fenced blocks",
            "Words only, thanks.",
            "Avoid code snippets and explain the logic in sentences.",
            "Leave out the code and tell me what happens conceptually.",
            "Code blocks drive me nuts when I asked a conceptual question.",
            "Walls of code are a pet peeve of mine.",
            "I don't want to see any code; a plain explanation is fine.",
            "Please refrain from including code in your replies.",
            "Make sure the explanation works for someone who has never programmed.",
            "The fewer snippets, the better; none at all is best.",
            "If I need code, I'll ask for it; otherwise, explain in words.",
            "Why show me syntax I can't read when you could just explain it?",
            "Write as if for a reader who has never seen a programming language.",
            "Ideal answer: a clear explanation in plain English, no code anywhere.",
            "Talk me through how it works, like you would over coffee.",
            "Keep source code out of your answers.",
            "Explanations in ordinary sentences work best for me.",
            "I'm a hospital administrator evaluating software vendors, and I need to grasp what their systems do,"
            " not how they're written, so explain everything in plain language without code.",
            "I manage a team of engineers but don't code myself; when I ask technical questions I want an "
            "explanation I can discuss in meetings, not snippets I can't interpret.",
            "As a patent examiner I work from written descriptions of methods, so please explain algorithms in "
            "careful prose rather than giving implementation code.",
            "My screen reader reads code blocks symbol by symbol, which is exhausting, so please answer technical"
            " questions with descriptions in ordinary sentences instead.",
            "I'm writing a children's book about how computers work, and I need the ideas in simple words I can "
            "adapt, so leave all code out of your answers.",
            "When I'm reading on my e-ink tablet, code blocks render as tiny monospaced text that's nearly "
            "unreadable, so please keep your replies to plain explanatory prose.",
            "I'm a policy analyst studying AI regulation; I care about what systems do and what that implies, so "
            "explain them conceptually without showing any code.",
        ),
    },
    "tldr_first": {
        "pos": (
            "Answer first, details later.",
            "BLUF, always.",
            "Conclusion at the top.",
            "Headline first.",
            "Don't bury the lede.",
            "No slow build-ups.",
            "Verdict in line one.",
            "Could you give me the gist in your opening sentence before getting into the details?",
            "When possible, state your conclusion right at the start and explain afterwards.",
            "I'd take a quick summary at the top over a long lead-in any day.",
            "Stop making me scroll through background before I find out what the answer actually is.",
            "I tend to read only the opening lines, so put the key takeaway there.",
            "Your first sentence should tell me the answer outright.",
            "Not a fan of replies that save the punchline for the last paragraph.",
            "Give the short version up top, then the long version below it.",
            "I'm a manager skimming dozens of messages a day, so I need the conclusion in the "
            "very first line; the supporting reasoning can follow for whenever I have time to "
            "dig in.",
            "As someone with ADHD, I lose focus fast if I have to wade through setup first. "
            "Please put a one-sentence takeaway at the very top and explain after that.",
            "I mostly read your answers in notification previews on my phone, which only show "
            "the first line or two, so make sure that opening line already contains the answer.",
            "Long preambles before the actual answer drive me up the wall. Whatever the "
            "question, give me the conclusion immediately and save the background and caveats "
            "for afterwards.",
            "In my consulting work we always put the recommendation first and the analysis "
            "second. I'd like your replies structured the same way, with the verdict leading.",
            "When I ask a yes-or-no question, I want the yes or no in the first few words, not "
            "after three paragraphs of context that I may not even need.",
            "My time is limited between patient appointments, so please open with a brief "
            "summary of your answer; I can come back to the explanation later if I need it.",
            "Please stop warming up with context and history before getting to the point. I'm a "
            "journalist, and I expect the most important information to come first, "
            "inverted-pyramid style.",
            "tl;dr up top pls",
            "Format: bottom line first.",
            "lead with the answer",
            "Summary line, then details.",
            "Punchline first!",
            "gist first, rest after",
            "Top-load the takeaway.",
            "Style guide: answer-first structure.",
            "one-line answer, then elaborate",
            "Opening sentence = the answer.",
            "Open every reply with a one-sentence summary of the answer, then expand.",
            "Make sure the very first line tells me what the answer is.",
            "Don't hide the answer halfway down; put it in the opening line.",
            "Burying the main point under paragraphs of setup is a pet peeve of mine.",
            "I love it when a reply starts with a quick TL;DR and only then gets into the specifics.",
            "Ideal answer: a one-line verdict, followed by the supporting detail.",
            "If I only read your first sentence, I should still know the answer.",
            "Why make me read three paragraphs before learning the conclusion? Lead with it.",
            "Write as if for a reader who will stop after the opening sentence.",
            "Summary first, explanation second works best for me.",
            "Never open with background; open with the conclusion.",
            "Spare me the wind-up and start with the result.",
            "Feel free to go deep afterwards, as long as the short answer comes first.",
            "No answer should begin without a quick summary line at the very top.",
            "Start with the takeaway, not the journey.",
            "I'm an on-call SRE who gets paged at 3 a.m., and in that state I need the fix stated in the first "
            "line; the explanation of why it works can come underneath.",
            "My screen reader reads everything aloud from the top, and listening through a long preamble is "
            "painful, so please put a short summary of the answer before anything else.",
            "As a paralegal preparing briefs for busy attorneys, I'm used to executive summaries up front. Please"
            " format your replies the same way: the conclusion in a sentence, then the supporting points.",
            "I drive a delivery route and glance at answers at red lights, so the first sentence has to carry the"
            " whole answer; anything after it is a bonus I'll read later.",
            "Since English is my second language, long introductions tire me before I reach the point. Give me a "
            "one-line answer at the start and then explain in more detail below it.",
            "When comparing options for a purchase, I want the recommendation stated right away, like 'buy the "
            "second one', followed by the reasons, rather than a tour of every option first.",
            "I'm a product owner triaging tickets all afternoon, and a quick TL;DR opening each reply lets me "
            "decide whether I even need the rest; please never skip that opening line.",
        ),
        "neg": (
            "Context first, conclusion last.",
            "Build up to it.",
            "Save the verdict for later.",
            "No spoilers up top.",
            "Lose the opening summary.",
            "No BLUF.",
            "Reasoning before the answer.",
            "Skip the headline sentence.",
            "Could you walk me through the reasoning first and only reach the conclusion at the end?",
            "When you answer, begin with the background rather than a summary of what you're about to say.",
            "I'd rather follow the argument step by step than get handed the conclusion in the first line.",
            "Stop opening with a TL;DR; just dive into the explanation.",
            "I tend to appreciate answers that unfold gradually and arrive at the answer last.",
            "Let the conclusion emerge naturally at the end instead of announcing it up front.",
            "Not a fan of 'short answer: ...' openers.",
            "Please begin with the setup and work toward the punchline.",
            "I'm a philosophy student, and seeing the conclusion before the argument biases how "
            "I read it, so please lay out the premises first and reveal where they lead only at "
            "the end.",
            "When I'm studying, I like to try predicting the answer myself as I read, so please "
            "don't give it away in the opening sentence; build up to it.",
            "Front-loaded summaries make me skip the explanation entirely, which defeats the "
            "point of asking. Start with the context and reasoning, and let the answer come at "
            "the end.",
            "As a teacher, I model my lessons on a narrative arc, and I'd like your replies to "
            "do the same: set the scene, develop the idea, and land the conclusion last.",
            "Those one-line summaries at the start of every reply feel like a corporate memo to "
            "me. I'd much prefer you simply begin explaining and let me reach the answer with "
            "you.",
            "I write mystery novels and love a good reveal, even in explanations. Please hold "
            "back the answer until you've walked through the reasoning rather than spelling it "
            "out in your first line.",
            "Please don't kick off responses with a condensed answer; I'm a researcher who wants "
            "to see the evidence laid out before any conclusion is drawn.",
            "Opening summaries tend to oversimplify things for me, and then I anchor on them. "
            "Give me the full context first and save your actual answer for the final "
            "paragraph.",
            "no tl;dr pls",
            "Format: explanation first, answer last.",
            "Work up to it.",
            "Slow reveal, please.",
            "skip the summary opener",
            "Background first.",
            "Style guide: no up-front summaries.",
            "Journey before destination.",
            "don't lead w/ the answer",
            "Reasoning -> conclusion.",
            "Lay the groundwork before the punchline.",
            "Begin with the context and let the answer arrive at the end.",
            "Leave out any summary line at the top of your replies.",
            "Opening with the short answer spoils it for me; build toward it instead.",
            "I enjoy explanations that start from the basics and climb toward the conclusion.",
            "Ideal answer: setup, then reasoning, then the verdict in the final lines.",
            "Those 'Short answer:' headers at the top drive me nuts.",
            "Make sure the conclusion comes only after you've laid out the reasoning.",
            "Please refrain from summarizing your answer in the first sentence.",
            "If there's a conclusion, it belongs at the end, not in your opening line.",
            "Write as if for a reader who wants to follow the logic step by step before learning the outcome.",
            "Explanation first works best for me; the answer can wait until the end.",
            "Ditch the executive-summary opener and just start explaining.",
            "Why give the answer away immediately when you could walk me there?",
            "I'm a math tutor, and I want students to see the derivation unfold before the final result, so "
            "please present the steps first and state the answer only once you've arrived at it.",
            "I listen to your replies through text-to-speech while cooking, and I like them to flow like a story:"
            " begin with the background, develop the idea, and land the conclusion at the very end.",
            "As a debate coach, I train students to build a case before stating the claim, and I'd like your "
            "answers to model that, with premises laid out first and the conclusion held back.",
            "Summaries at the top make me lazy; I read the one line and skip the rest. Please open with the "
            "explanation itself so I actually engage with the reasoning before getting to the answer.",
            "I'm a history buff who enjoys context, so start with how things came to be and the relevant "
            "background, and only then get to the direct answer near the end.",
            "When I review code with junior developers, we trace the logic first and reach the verdict last. "
            "Structure your replies like that review, walking through the reasoning before concluding.",
            "Please avoid the habit of announcing your conclusion in the first sentence; I'm a puzzle designer, "
            "and I'd much rather see the pieces come together gradually.",
            "I teach creative writing, and an answer convinces me more when it earns its conclusion, so don't "
            "hand me the takeaway up front; let the explanation carry me to it.",
        ),
    },
    "closing_summary": {
        "pos": (
            "Recap at the end.",
            "Finish with the takeaways.",
            "Sum up at the bottom.",
            "Wrap it up neatly.",
            "Closing summary, always.",
            "No abrupt endings.",
            "Don't just trail off.",
            "End by tying things together.",
            "Could you finish each answer by restating the main points in a sentence or two?",
            "When an answer runs long, round it off with a short recap.",
            "I'd take a neat wrap-up paragraph over an answer that just stops any day.",
            "Stop ending replies mid-thought without pulling the threads together.",
            "I tend to remember things better when the last paragraph summarizes everything.",
            "Your final lines should boil the whole answer down to its essentials.",
            "Not a fan of responses that end on a random detail instead of a conclusion.",
            "Please close out with a 'bottom line' that captures what we covered.",
            "I'm studying for exams and use your answers as revision notes, so a brief "
            "summary at the end listing the key points makes them much easier to review "
            "later.",
            "Answers that just stop after the last detail leave me unsure what I was "
            "supposed to take away. Please end with a short conclusion that ties the ideas "
            "together.",
            "As a project manager, I often forward your replies to my team, and a closing "
            "paragraph recapping the essentials saves everyone from rereading the entire "
            "thing.",
            "My memory isn't great since my concussion, and by the final paragraph I've "
            "forgotten the opening. A wrap-up at the bottom that restates the main points "
            "really helps me.",
            "When I'm rushed, I skip straight to the end of a reply, so please make sure "
            "the last paragraph sums up everything important.",
            "Please don't end a long explanation without a recap; I'm a slow reader and "
            "need that final summary to confirm I understood everything correctly.",
            "In the training materials I write, every section ends with key takeaways, and "
            "I'd like your responses to follow that habit with a concise summary at the "
            "close.",
            "Nothing bothers me more than a response that simply runs out of things to say. "
            "Give me a proper ending that recaps the main ideas in a few lines.",
            "recap at the end pls",
            "Format: end with a summary.",
            "tie it up at the end",
            "Key takeaways at the bottom.",
            "Close with an 'Overall' line.",
            "Style guide: always conclude.",
            "sum it up before signing off",
            "Final paragraph = summary.",
            "Wrap-up paragraph, please.",
            "In summary... yes please.",
            "Never let a reply end without a short 'To sum up' section.",
            "Make sure to finish with a brief recap of what you've covered.",
            "I appreciate a closing paragraph that pulls the key points together.",
            "Answers that stop dead after the last detail are a pet peeve of mine; add a summary.",
            "Ideal answer: the explanation, then a two-line recap at the end.",
            "If the reply covers several points, finish by restating them briefly.",
            "Don't leave out the conclusion; a quick summary at the bottom helps me.",
            "Write as if for a reader who skips straight to the last paragraph for the gist.",
            "A short 'Overall, ...' paragraph at the end works best for me.",
            "Feel free to be thorough, as long as you close with a condensed recap.",
            "How am I supposed to remember it all without a summary at the end?",
            "Cap off each answer with the main takeaways in a sentence or two.",
            "No reply is complete until it ends with a recap of the essentials.",
            "Bring it all home at the end with a quick summary.",
            "I'm a nurse reading your answers during short breaks on a busy ward, and a summary at the bottom "
            "lets me check I've caught the essentials before I have to rush off again.",
            "As a podcast producer, I often turn your replies into show notes, and a closing paragraph that "
            "restates the key points saves me writing one myself, so please always end with that.",
            "English isn't my first language, and a simple recap at the end helps me confirm I understood the "
            "longer explanation correctly. Please finish each answer with a few summarizing sentences.",
            "I coach youth sports and forward explanations to parents, who usually read only the ending, so "
            "please close every reply with a plain summary of the main points.",
            "When I study with flashcards, I copy the last paragraph of your reply onto the card, so it works "
            "best when that paragraph sums up the whole answer in a few lines.",
            "I have chronic fatigue, and by the end of a long reply my concentration is gone, so a short "
            "concluding recap of the main ideas is what actually sticks with me.",
            "Please don't stop right after the final detail; I'm a consultant who pastes replies into client "
            "reports, and each one needs a closing 'In summary' paragraph.",
            "As a teacher, I always end lessons by reviewing what we learned, and I'd like your answers to end "
            "the same way, with a brief summary of the points covered.",
        ),
        "neg": (
            "End when you're done.",
            "No wrap-up paragraph.",
            "Last point = last line.",
            "Hold the 'in conclusion'.",
            "No 'to sum up'.",
            "Final point, then stop.",
            "Ditch the closing summary.",
            "No rehash at the end.",
            "Could you just stop once you've made your last point?",
            "When the answer is complete, end it there rather than recapping.",
            "I'd rather an answer end abruptly than circle back to restate itself.",
            "Stop tacking a summary paragraph onto the end of every reply.",
            "I tend to skip the final paragraph when it only repeats what came before, so leave it out.",
            "Nothing at the end should rehash points you've already made.",
            "Not a fan of 'To summarize' or 'In short' closers.",
            "Your last paragraph should add something new, not recap the rest.",
            "I read on a small phone screen, and scrolling through a closing recap of "
            "things I just read is tedious. Please finish right after your final "
            "substantive point.",
            "As an editor, I cut restated conclusions from every draft I touch because they "
            "pad the text. Please write your replies so they end without any summing-up "
            "section.",
            "Those 'In conclusion' paragraphs remind me of school essays written to hit a "
            "word count. Once you've said what you need to say, just stop.",
            "I have a good memory for what I've just read, so a summary at the bottom feels "
            "patronising. End on your last real point instead of recapping.",
            "My team pastes your answers into documentation where the final recap is always "
            "deleted, so save us the step and leave the concluding summary out entirely.",
            "When I'm reading a reply, a repeated wrap-up at the end makes me wonder if I "
            "missed something new in it, which wastes time. Please drop the closing recap.",
            "Please don't finish responses with a restatement of everything above; I'm a "
            "lawyer who reads every line carefully, and the repetition just lengthens what "
            "I have to review.",
            "Ending on a recap feels like filler to me, especially in short answers. I'd "
            "prefer the response simply conclude with its final piece of information.",
            "no recap at the end pls",
            "Format: no concluding paragraph.",
            "skip the 'overall' bit",
            "Stop when the content stops.",
            "Conclusions: unnecessary.",
            "Style guide: no closing recaps.",
            "Just end it.",
            "drop the 'in summary'",
            "Abrupt endings are fine.",
            "no sign-off summaries",
            "I really don't need the main points repeated at the bottom.",
            "Leave out the concluding summary; I just read the whole thing.",
            "Recap paragraphs at the end drive me nuts.",
            "Please refrain from closing with 'To sum up' or 'Overall'.",
            "Once the last substantive point is made, the reply should end.",
            "The fewer wrap-up paragraphs, the better.",
            "Spare me the end-of-answer summary.",
            "Why repeat everything at the bottom when I just read it?",
            "Ideal answer: all substance, ending on its final piece of content.",
            "If you've already made a point, there's no need to restate it in a conclusion.",
            "Write as if for a reader who remembers what they read a moment ago and doesn't need it summarized.",
            "End right on the final detail; that works best for me.",
            "Keep concluding summaries out of your answers.",
            "Let the final sentence be real content rather than a rehash.",
            "I'm a technical writer, and our style guide forbids concluding summaries because readers find them "
            "redundant; please match that and end your replies as soon as the content is complete.",
            "I read your answers aloud to my visually impaired father, and a recap at the end means reading the "
            "same points twice, which he finds tiresome, so please skip that closing section.",
            "As a copy editor for a news site, I trim every 'In conclusion' paragraph I see. Please save me the "
            "effort by ending your answers on their last substantive point.",
            "My messages go to a pager-style display with a tiny character limit, so any summary at the bottom "
            "just eats space; finish once you've given the information.",
            "I'm a speed reader with good retention, so a closing recap only slows me down. Let each reply finish"
            " the moment its final idea is stated.",
            "When I ask a quick question, a neat conclusion paragraph turns a short reply into an essay; I'd "
            "prefer the response to just stop after answering, without the summing-up.",
            "I volunteer answering questions on a help forum and reuse your replies, and the recap paragraph is "
            "always the first thing I delete, so please omit it from the start.",
            "An ending that simply stops after the last step feels clean and confident to me, much more than one "
            "that circles back over everything already said.",
        ),
    },
    "short_paragraphs": {
        "pos": (
            "Tiny paragraphs.",
            "Break it up.",
            "More paragraph breaks.",
            "Two sentences per paragraph, max.",
            "No text walls.",
            "Chunk it.",
            "Skip the giant paragraphs.",
            "Breathing room between paragraphs.",
            "Could you keep each paragraph to just a couple of sentences?",
            "If a paragraph runs past three lines, split it.",
            "I'd take ten little paragraphs over two massive ones.",
            "Stop cramming everything into one giant block.",
            "I tend to lose my place in long paragraphs, so keep them brief.",
            "Give every new idea its own short paragraph.",
            "Not a fan of paragraphs that fill the whole screen.",
            "Whenever you can, hit return and start a fresh paragraph.",
            "I have dyslexia, and dense paragraphs make the lines blur together. Keeping "
            "each paragraph down to one or two sentences makes your answers far easier for "
            "me to follow.",
            "Most of my reading happens on a phone, where even a medium paragraph becomes "
            "a huge scroll of text. Please keep paragraphs compact so the answer is easy "
            "to skim.",
            "As a copywriter, I know readers bail when they hit a massive paragraph. Write "
            "the way good web copy is written: short paragraphs with plenty of breaks "
            "between them.",
            "Please don't give me paragraphs that go on for eight or ten lines; I read "
            "your replies on a tiny laptop between meetings and need them broken into "
            "small pieces.",
            "Long paragraphs feel intimidating when I'm tired at the end of the day. Short "
            "ones, a sentence or two each, make it much easier to keep going.",
            "I use a screen magnifier, so I only see a few lines at once, and short "
            "paragraphs help me keep track of where one thought ends and the next begins.",
            "Walls of prose are exhausting when I'm skimming for something specific. I'd "
            "really appreciate frequent paragraph breaks so each point sits in its own "
            "small block.",
            "My attention wanders with chunky paragraphs, so I'd like your answers to keep "
            "each paragraph brief and to break to a new one whenever the topic shifts even "
            "slightly.",
            "short paras pls",
            "Format: 1-3 sentence paragraphs.",
            "Lots of line breaks.",
            "Bite-sized paragraphs.",
            "Style guide: keep paragraphs brief.",
            "airy layout, small paragraphs",
            "Paragraphs: short.",
            "split up the text",
            "Plenty of white space.",
            "Keep paras snappy.",
            "Keep each paragraph to a sentence or two, and start a new one often.",
            "Big blocks of text are a pet peeve of mine; keep the paragraphs small.",
            "I love answers spread across several little paragraphs.",
            "Short, punchy paragraphs work best for me.",
            "Make sure no paragraph runs longer than about three sentences.",
            "Don't let paragraphs sprawl; cut them off after a couple of sentences.",
            "Never pack more than one idea into a paragraph.",
            "More white space, less solid text.",
            "Ideal answer: several compact paragraphs, each only a couple of lines.",
            "If a paragraph starts to look heavy, split it in two.",
            "Write as if for a reader skimming on a small screen, with brief paragraphs throughout.",
            "Who wants to read a paragraph that fills half the page? Keep them short.",
            "Avoid dense paragraphs; a couple of sentences each is plenty.",
            "Feel free to use many paragraphs, as long as each one is short.",
            "I'm a truck driver who reads replies on a dashboard tablet during breaks, and small paragraphs of "
            "one or two sentences let me find my place again quickly after glancing away.",
            "As someone who gets frequent migraines, I find dense text physically hard to look at. Several short "
            "paragraphs with clear gaps between them are much gentler on my eyes.",
            "I write newsletters for a living and know readers skim, so I'd like your replies formatted like a "
            "good newsletter: lots of short paragraphs, each carrying one point.",
            "My kids and I read your answers together, and they lose interest at long blocks of text, so please "
            "keep paragraphs to a couple of sentences so we can pause between them.",
            "I'm learning English and translate paragraph by paragraph, which is much easier when each one is "
            "only a sentence or two long rather than a full dense block.",
            "Please don't produce chunky blocks of prose; I'm a UX researcher, and I know short paragraphs make "
            "text easier to scan, so use them in your replies.",
            "When I copy your answers into slides, each short paragraph becomes a bullet, so brief paragraphs of "
            "a sentence or two save me a lot of editing.",
            "I review answers in a narrow preview pane where anything more than a few lines turns into a scroll, "
            "so keeping paragraphs small makes each one readable at a glance.",
        ),
        "neg": (
            "Meaty paragraphs, please.",
            "Full paragraphs, not fragments.",
            "Longer paragraphs.",
            "Dense prose is fine.",
            "Fewer paragraph breaks.",
            "Enough with micro-paragraphs.",
            "Classic essay paragraphs.",
            "Thick paragraphs > tiny ones.",
            "Could you write in proper, full-length paragraphs rather than breaking after every line?",
            "When explaining something, keep related sentences together in one long paragraph.",
            "I'd rather read one solid block of prose than a scattering of short bits.",
            "Stop chopping your answers into two-sentence pieces.",
            "I tend to find long, thorough paragraphs easier to follow than a string of short ones.",
            "Nothing annoys me more than a reply where every paragraph is one line long.",
            "Don't be afraid of long paragraphs; I'm happy reading them.",
            "Your paragraphs should run to several sentences each.",
            "I read a lot of academic writing, and I find that long, cohesive paragraphs "
            "carry an argument far better than fragments scattered down the page, so "
            "please write that way.",
            "Choppy little paragraphs make your answers feel like social media posts. I'd "
            "prefer each paragraph to run several sentences and fully develop its point "
            "before moving on.",
            "On my wide desktop monitor, short paragraphs leave the screen mostly empty "
            "and force me to scroll constantly. Dense, substantial paragraphs suit the way "
            "I read much better.",
            "As a novelist, I appreciate prose that flows, and frequent breaks interrupt "
            "that. Please keep your paragraphs long and let the sentences build on each "
            "other within them.",
            "Please don't split the text into bite-sized chunks; I print replies out to "
            "read them, and all the short paragraphs waste paper and break my "
            "concentration.",
            "When every other sentence starts a new paragraph, I lose the connections "
            "between ideas. Keeping them together in bigger, denser paragraphs helps me "
            "follow the reasoning.",
            "I'm a lawyer used to reading long-form documents, so substantial paragraphs "
            "feel natural to me, whereas lots of tiny ones seem fragmented and unserious.",
            "Tiny paragraphs make a reply read like ad copy to me. I'd rather have fewer, "
            "fuller paragraphs, each one long enough to hold its idea together properly.",
            "long paras are fine",
            "Format: dense paragraphs.",
            "Solid blocks of prose.",
            "Style guide: fully developed paragraphs.",
            "Substantial paragraphs, please.",
            "fewer, bigger paras",
            "Keep the prose dense.",
            "Rich, lengthy paragraphs.",
            "no one-line paragraphs",
            "Hefty paragraphs suit me.",
            "Let each paragraph run for several sentences before breaking.",
            "Choppy one-liner paragraphs drive me nuts.",
            "I enjoy reading long, well-developed paragraphs that fully explore an idea.",
            "Please refrain from breaking the text into tiny chunks.",
            "The fewer paragraph breaks, the better.",
            "Make sure your paragraphs are substantial, five or more sentences each.",
            "Ideal answer: a few dense paragraphs, each developing its point in depth.",
            "If the ideas are connected, keep them in the same big paragraph.",
            "Write as if for a reader who is comfortable with long stretches of unbroken prose.",
            "Why split every thought into its own little paragraph? Keep them together.",
            "Dense, flowing paragraphs work best for me.",
            "Ditch the bite-sized formatting and write real paragraphs.",
            "I don't mind long paragraphs at all; in fact I prefer them.",
            "Spare me the single-sentence paragraphs.",
            "I'm a literature professor, and I judge writing partly by how well a paragraph sustains an argument,"
            " so please give me long, cohesive paragraphs rather than a stream of short fragments.",
            "When I read on my e-reader, frequent paragraph breaks make the page look scattered; I much prefer "
            "dense, book-like paragraphs that hold an idea together.",
            "As a grant reviewer used to reading long proposals, I find extended paragraphs natural. Short ones "
            "make an answer feel thin, so keep the prose dense and continuous.",
            "My notes app merges everything into one view anyway, and lots of short paragraphs leave it full of "
            "gaps; fewer, longer paragraphs keep things tidy for me.",
            "I'm an old-school reader raised on long newspaper features, and I like paragraphs that take their "
            "time, with several sentences developing one thought before moving on.",
            "Please avoid breaking your text every couple of sentences; as a translator I work with whole "
            "paragraphs as units, and long ones keep the context together for me.",
            "Short paragraphs feel like a slide deck to me. For anything explanatory, I want thick blocks of "
            "continuous prose where each paragraph builds an argument from start to finish.",
            "I'm a philosophy PhD used to reading Kant, so heavy, extended paragraphs don't scare me; I actually "
            "follow an argument better when it isn't chopped into small pieces.",
        ),
    },
    "plain_words": {
        "pos": (
            "Layman's terms, please.",
            "Keep the vocab simple.",
            "Beginner-level words only.",
            "Jargon-free, please.",
            "Plain English.",
            "Skip the buzzwords.",
            "Words I'd actually know.",
            "Ditch the ten-dollar words.",
            "Could you explain it using words a newcomer would understand?",
            "If there's a simpler word, use it instead of the technical one.",
            "I'd take everyday language over textbook terminology any day.",
            "Stop throwing acronyms and specialist terms at me.",
            "I tend to get lost when the vocabulary gets technical, so keep it basic.",
            "Nothing fancy in the wording, please; talk to me like a total beginner.",
            "Not a fan of answers full of insider lingo.",
            "Pretend I've never studied this subject when choosing your words.",
            "I'm a retiree just starting to learn about computers, and technical words make me "
            "feel lost. Please stick to ordinary words that anyone could understand.",
            "My reading level isn't very high because of a learning disability, so please use "
            "short, common words and avoid any terminology I'd have to look up.",
            "I often forward your answers to my elderly parents, who have no background in this "
            "stuff. Keep the vocabulary as basic and familiar as you can.",
            "Please don't use industry jargon; I work in sales, not engineering, and I need "
            "explanations in words I could repeat to a customer without stumbling.",
            "When terminology I don't know shows up, I end up googling every other word and "
            "lose the thread. Everyday vocabulary suits me much better as a complete novice.",
            "As a high-school student new to chemistry, I get intimidated by specialist terms. "
            "Using simple, plain words would help me actually understand what you're saying.",
            "Complicated vocabulary makes me feel stupid even when the idea itself is simple. "
            "Choose the plainest words possible, the kind you'd use with someone hearing about "
            "this for the first time.",
            "I'm learning this as a hobby with zero prior knowledge, so beginner-friendly "
            "wording works best; spare me the academic terms and acronyms.",
            "eli5 pls",
            "Style guide: everyday vocabulary.",
            "Simple words only.",
            "Reading level: grade 6.",
            "plain language, no jargon",
            "Explain like I'm new.",
            "Kitchen-table language, please.",
            "Small words, please.",
            "Format: beginner vocabulary.",
            "no tech-speak",
            "Use the kind of words you'd use explaining this to a curious kid.",
            "Jargon drives me nuts; just say it in ordinary words.",
            "I appreciate explanations my grandmother could follow.",
            "Please refrain from using terminology a beginner wouldn't know.",
            "Avoid technical terms, and if one is unavoidable, explain it in simple words.",
            "Never assume I know the lingo.",
            "Don't reach for the fancy word when a common one will do.",
            "The fewer specialist terms, the better.",
            "Ideal answer: something a newcomer understands on the first read.",
            "If a word would need a dictionary, swap it for an easier one.",
            "Write as if for a reader who left school at sixteen and has never studied the subject.",
            "Everyday vocabulary works best for me.",
            "Why say 'utilize' when 'use' works? Keep the words simple.",
            "Make sure a total beginner could follow every word you use.",
            "I volunteer teaching adult literacy classes and sometimes read your answers aloud to learners, so "
            "the vocabulary needs to stay simple and familiar, with no technical words they'd trip over.",
            "I'm a farmer asking about tax rules for the first time, and the official language loses me "
            "completely; please explain things in the ordinary words people use in everyday conversation.",
            "English is my third language, and I understand common words well but get stuck on specialist ones. "
            "Please keep your wording basic so I don't have to translate every other term.",
            "My son is nine and asks me science questions that I pass on to you; please answer in words a child "
            "his age would know, not the terms from a textbook.",
            "As a community health worker, I relay your explanations to patients with little formal education, so"
            " use plain, everyday words they'd understand without any medical vocabulary.",
            "I had a stroke last year and my reading comprehension is slower now, so long or technical words trip"
            " me up; short, familiar words help me a lot.",
            "Please don't use academic vocabulary with me; I'm a small-business owner with no finance background,"
            " and I need to understand your advice the first time I read it.",
            "I'm writing a brochure for the general public and want to borrow your phrasing, so it has to be in "
            "simple language a complete outsider would understand without help.",
        ),
        "neg": (
            "Technical terms welcome.",
            "Talk shop.",
            "Expert-level vocabulary.",
            "Jargon is fine.",
            "No baby words.",
            "Skip the layman's terms.",
            "Use the real terminology.",
            "Speak like a specialist.",
            "Could you use the precise field-specific terms instead of paraphrasing them?",
            "When a technical term exists, use it rather than an everyday substitute.",
            "I'd rather see correct nomenclature than a vague plain-English stand-in.",
            "Stop simplifying the vocabulary for me.",
            "I tend to find lay explanations imprecise, so give me the proper terminology.",
            "Nothing in your wording needs to be beginner-friendly.",
            "Not a fan of replacing technical terms with folksy approximations.",
            "Assume I know the jargon and write accordingly.",
            "I'm a senior software engineer, so please use the standard technical vocabulary of "
            "the field; translating everything into plain language just makes it harder for me "
            "to map onto what I know.",
            "As a physician, I find lay terms ambiguous and slow to parse. Please use proper "
            "medical terminology in your answers, the way a colleague would.",
            "Please don't translate terms of art into everyday words for my benefit; I'm "
            "preparing for a professional certification and need to get fluent in the official "
            "vocabulary.",
            "Simplified wording loses the nuance I need for my legal research. Use the exact "
            "technical terms, even obscure ones, rather than approximations a layperson would "
            "understand.",
            "I work in a research lab and read dense papers all day, so sophisticated, "
            "domain-specific language is what I'm used to and what I'd like from you.",
            "Beginner vocabulary comes across as condescending to me, since I've been working "
            "in finance for fifteen years. Write with the terminology an industry insider would "
            "expect.",
            "When I ask about statistics, I want words like heteroscedasticity and posterior "
            "rather than homespun paraphrases, because I'm a data scientist and the precise "
            "terms matter.",
            "My audience is other specialists, and I often quote your replies, so they need to "
            "use expert-level terminology instead of simple everyday language.",
            "jargon ok",
            "Format: expert register.",
            "Proper technical terms, please.",
            "Style guide: field-standard terminology.",
            "talk to me like a peer",
            "Specialist vocabulary, please.",
            "Graduate-level language.",
            "Don't dumb it down.",
            "technical register pls",
            "Precise terminology only.",
            "Use the vocabulary a specialist in the field would use with a colleague.",
            "Oversimplified wording is a pet peeve of mine; give me the real terms.",
            "I enjoy answers written in dense, technical language.",
            "Please refrain from swapping technical terms for everyday ones.",
            "Feel free to use acronyms and terms of art without explaining them.",
            "Write as if for a reader who has a PhD in the subject.",
            "The more precise the terminology, the better.",
            "If there's a formal name for something, use it.",
            "Ideal answer: the kind of language you'd find in a peer-reviewed paper.",
            "Why paraphrase a term of art into vague everyday words? Just use the term.",
            "Skip the beginner-friendly explanations of basic terms; I know them.",
            "Sophisticated vocabulary works best for me.",
            "Make sure to use the field's standard nomenclature throughout.",
            "I don't need the simple-words version.",
            "I'm an aerospace engineer reviewing design choices, and I need answers in the technical vocabulary "
            "of my field; plain-language substitutes introduce ambiguity I can't afford in a design review.",
            "As a pharmacist, I'm fluent in pharmacological terms, and lay descriptions slow me down. Please "
            "write using the proper drug-class names, mechanisms and clinical terminology throughout.",
            "I'm an audio engineer, and I want terms like sidechain compression, phase coherence and transient "
            "response used freely, because the everyday versions don't mean the same thing to me.",
            "My colleagues in computational biology will read these answers, so use the specialist terminology "
            "they expect; simplified wording would look amateurish in our internal wiki.",
            "I'm a linguistics lecturer, and I appreciate rich, precise vocabulary; please write at an advanced "
            "reading level with the discipline's own terminology instead of everyday paraphrase.",
            "As a network architect, I think in terms like BGP, MTU and VLAN tagging. Please don't translate them"
            " into plain language for me; use them as you would with another expert.",
            "I read academic prose for a living, so a high reading level and technical vocabulary feel natural, "
            "whereas simple words make explanations feel vague and imprecise to me.",
            "I'm a patent attorney drafting claims, where exact technical terms matter enormously, so use "
            "specialist vocabulary with full precision and never loosen it into everyday phrasing.",
        ),
    },
    "analogies": {
        "pos": (
            "Analogies help me.",
            "Give me a comparison.",
            "What's it similar to?",
            "Real-world comparisons, please.",
            "Literal-only? No thanks.",
            "Similes, please.",
            "Skip the purely literal.",
            "Could you explain it by comparing it to something I already know?",
            "When a concept is abstract, give me a metaphor to hang it on.",
            "I'd take a good analogy over a textbook definition any day.",
            "Stop explaining things in purely abstract terms and give me an analogy.",
            "I tend to grasp ideas faster when they're likened to something familiar.",
            "Nothing clicks for me until someone says what it's like.",
            "Not a fan of explanations that never draw a comparison.",
            "Your explanations should include at least one 'it's like...' comparison.",
            "I'm a visual thinker, and abstract definitions slide right off me. Comparing a new "
            "idea to something concrete, like plumbing or traffic, is what finally makes it "
            "stick.",
            "As a middle-school teacher, I borrow your explanations for class, and kids respond "
            "best to analogies. Please frame concepts in terms of everyday things they already "
            "understand.",
            "Straight technical descriptions leave me nodding without really understanding. A "
            "well-chosen metaphor gives me a mental model I can actually reason with, so please "
            "use them.",
            "Please don't just tell me what something is; I learn through comparison, so show me "
            "how it resembles something from ordinary life.",
            "When I explain things to clients I need a handy analogy to pass along, so I'd love "
            "it if your answers always included a comparison to something familiar.",
            "My brain works in pictures, so describing a database as a library or a virus as a "
            "burglar helps me far more than a literal explanation ever could.",
            "Learning physics at forty has been tough, and the only explanations that land for me "
            "are the ones built on comparisons to cooking, driving, or other daily routines.",
            "I have a poor memory for facts but remember images well, so anchoring each concept "
            "to an everyday comparison helps it stay with me long after reading.",
            "analogies pls",
            "Use metaphors.",
            "Explain by comparison.",
            "Style: analogy-driven.",
            "gimme an 'it's like...'",
            "Paint me a picture.",
            "Relate it to everyday stuff.",
            "Relatable comparisons welcome.",
            "Metaphors > definitions.",
            "No purely literal explanations, please.",
            "Don't stop at the dry definition; tell me what it resembles.",
            "Never explain a tricky idea without tying it to something familiar.",
            "I love it when a hard concept gets compared to something from everyday life.",
            "Make sure each explanation includes at least one vivid comparison.",
            "Feel free to lean on metaphors and similes whenever a concept gets abstract.",
            "I won't remember it unless you liken it to something I already know.",
            "The more 'imagine if...' scenarios, the better I understand.",
            "More metaphors, fewer bare definitions.",
            "Why describe a hash table in the abstract when you could compare it to a coat check?",
            "If a concept is hard to picture, then hand me an analogy for it.",
            "Write as if for a reader who only understands new ideas by relating them to familiar ones.",
            "Explain it in terms of things I already know, like cooking or driving.",
            "Ideal answer: the concept, then a 'think of it as...' parallel to something ordinary.",
            "Dry, literal-only explanations are a pet peeve of mine, so draw a parallel to something I know.",
            "I'm a nurse explaining diagnoses to worried families, and I borrow your wording; comparing the heart"
            " to a pump or the immune system to security guards helps them grasp things fast.",
            "English is my third language, but I think in images, so please anchor every technical point to a "
            "comparison from daily life, like water flowing through pipes, so I can follow it.",
            "As a product manager translating engineering talk for stakeholders, I need ready-made metaphors I "
            "can reuse in meetings, so please frame explanations around a relatable comparison.",
            "I'm dyslexic, and long literal descriptions are hard for me to hold in my head, whereas one striking"
            " image, like 'a cache is a kitchen counter', sticks instantly. Please use comparisons.",
            "I host a science podcast for a general audience, and listeners remember the story-like comparisons "
            "far more than the facts, so build your explanations around 'imagine...' and 'it's like...'.",
            "Don't assume I'll get it from the definition alone; I'm a retired carpenter learning to program, and"
            " code makes sense to me when it's likened to building things with wood and tools.",
            "My grandson is eight and asks me science questions that I relay to you, so explaining gravity as a "
            "heavy ball sinking into a trampoline works far better for us than formulas.",
            "I coach junior football and explain strategy through your answers; describing ideas in terms of "
            "things the players know, like a game of tag or a relay race, gets through to them.",
        ),
        "neg": (
            "Describe the actual thing.",
            "Metaphor-free, please.",
            "Just describe it directly.",
            "Spare me the analogies.",
            "No 'it's like' stuff.",
            "Direct description, no comparisons.",
            "Ditch the similes.",
            "Literal, not figurative.",
            "Could you explain the mechanism itself without comparing it to anything?",
            "When describing a concept, stick to what it actually is.",
            "I'd rather have an exact literal description than a cute comparison.",
            "Stop likening things to cars and kitchens; tell me how they really work.",
            "I tend to find analogies more misleading than helpful.",
            "Nothing figurative, please; keep the explanation literal.",
            "Not a fan of 'imagine a ...' comparisons.",
            "Keep your explanations grounded in the real details, with no metaphors.",
            "I'm an engineer and I need accurate mental models, not approximations. Analogies "
            "always smuggle in wrong assumptions, so please describe the actual mechanism "
            "directly.",
            "As a non-native speaker, figurative comparisons often confuse me because the "
            "references don't translate. Please explain things literally, exactly as they are.",
            "Comparisons to everyday objects feel patronising to me, like I'm being talked down "
            "to. Just tell me what the thing is and how it behaves.",
            "Please don't reach for metaphors when you explain something; I'm autistic, take "
            "language quite literally, and find figurative descriptions harder to process than "
            "direct ones.",
            "When I'm studying for exams, I need the actual definitions and processes, and "
            "analogies just add another layer I have to translate back into the real thing.",
            "My students memorise the analogy instead of the concept, so when I ask you for "
            "explanations I use in class, please keep them strictly literal.",
            "Every analogy I've been given for quantum mechanics has turned out to be wrong in "
            "some important way. I'd rather hear a straightforward literal account, even if it's "
            "harder.",
            "I work in patent law, where precision is everything, so I'd like descriptions that "
            "state exactly what something does rather than what it resembles.",
            "no analogies pls",
            "Style rule: no metaphors.",
            "Skip the 'imagine if'.",
            "Straight facts, no similes.",
            "Precise, technical description.",
            "Don't compare it to anything.",
            "Mechanism, not metaphor.",
            "comparisons = nope",
            "Explain it literally.",
            "Avoid comparing concepts to everyday objects; describe them on their own terms.",
            "Leave out the 'think of it as' framing and give me the real explanation.",
            "Analogies are a pet peeve of mine because they always oversimplify.",
            "I don't want to hear that a CPU is like a brain; tell me what it actually does.",
            "Please refrain from metaphors and similes in your explanations.",
            "The fewer figurative comparisons, the better.",
            "Why tell me an atom is like a solar system when that picture is simply wrong?",
            "If you feel an analogy coming on, then swap it for the actual technical detail.",
            "Write as if for a specialist who wants the exact definition and nothing figurative.",
            "A precise, literal account of how it works is what I appreciate most.",
            "More precision, less 'it's kind of like...'.",
            "Ideal answer: the real mechanism, stated plainly, with no comparisons to anything else.",
            "Explain it exactly as it is, using the correct technical terms.",
            "Make sure every explanation describes the thing directly rather than by resemblance.",
            "I'm a pharmacist checking drug interactions, and I need the actual biochemical mechanism spelled "
            "out; comparisons to locks and keys or traffic jams just blur the details I care about.",
            "As a technical writer for aerospace manuals, I can't reuse any sentence that says something is "
            "'like' something else, so please describe systems literally and precisely.",
            "I use a screen reader, and long figurative detours cost me time to listen through, so get straight "
            "to the literal explanation and leave the metaphors out.",
            "I'm a translator, and idiomatic comparisons rarely survive translation into Japanese, so I'd like "
            "explanations that stay literal and concrete, naming the real components and what they do.",
            "I already have a PhD in chemistry; when you reach for a comparison to baking or LEGO, it feels like "
            "you're explaining to a child. A rigorous, exact description suits me much better.",
            "I'm preparing for a certification exam where answers must use the official definitions, so a clear, "
            "literal description of each concept helps me more than any clever comparison.",
            "My son is autistic and gets confused when told the heart 'is a pump'; he asks whether it's made of "
            "metal. When I read your answers to him, please keep everything literal.",
            "I'm an auditor, and when an explanation leans on metaphors I can't tell which parts are true, so "
            "state the facts directly and precisely without comparing them to anything.",
        ),
    },
    "casual": {
        "pos": (
            "Conversational, please.",
            "Less corporate.",
            "Talk normal.",
            "Laid-back tone.",
            "Drop the formality.",
            "Just chat with me.",
            "Loosen up a bit.",
            "Could you talk to me like we're grabbing coffee instead of writing a report?",
            "When you reply, feel free to use contractions and everyday expressions.",
            "I'd take a chatty, easygoing reply over a polished formal one any day.",
            "Stop sounding like a legal contract.",
            "I tend to enjoy answers that feel like a text from a buddy.",
            "Nothing formal, please; we're just chatting here.",
            "Not a fan of the buttoned-up, professional voice.",
            "Your tone should feel relaxed and down-to-earth.",
            "I'm a college student and this is basically my study buddy, so please keep things "
            "casual and conversational rather than sounding like a textbook or a professor.",
            "Formal writing makes me feel like I'm reading terms and conditions, and I tune out. A "
            "friendly, informal tone keeps me engaged, so write like you're chatting with me.",
            "As someone who talks to this assistant late at night just to think out loud, I'd love a "
            "relaxed, easygoing voice instead of the polished business tone.",
            "Please don't write to me like a bank letter; I'm asking about my garden, and a "
            "laid-back, conversational vibe fits that much better.",
            "When I'm anxious, stiff professional language makes things feel more serious than they "
            "are. A warm, informal way of talking puts me at ease.",
            "My kids and I read your answers together at the kitchen table, so a casual, "
            "conversational style suits us far better than anything that sounds official.",
            "Corporate phrasing like 'please be advised' drives me nuts. Just talk to me like a "
            "normal person would in everyday conversation.",
            "I run a small skateboarding shop and use you for quick questions; an informal, chatty "
            "tone matches how I actually talk with people.",
            "keep it chill lol",
            "Tone: casual.",
            "talk to me like a friend",
            "Informal is fine.",
            "Relaxed vibes, please.",
            "no stiff language pls",
            "Chatty tone.",
            "Contractions welcome.",
            "be casual, dude",
            "Friendly and easygoing.",
            "Don't write like a corporate memo; just talk to me.",
            "Never sound like a press release.",
            "I love replies that sound like an actual person talking.",
            "Feel free to use slang and contractions.",
            "Make sure it reads like a friend explaining something over a beer.",
            "Stiff, formal phrasing is a pet peeve of mine, so keep things relaxed.",
            "The less it sounds like a business letter, the better.",
            "More 'hey, here's the deal', less 'per your request'.",
            "Why so formal? We're just hanging out here.",
            "If I ask something silly, then answer in the same easygoing spirit.",
            "Write as if for a reader who'd roll their eyes at anything that sounds official.",
            "A relaxed, conversational voice works best for me.",
            "Ideal answer: sounds like a friendly neighbor chatting over the fence.",
            "I can't stand 'Dear user' style answers, so loosen the tone.",
            "I'm a line cook and I check this on my phone during breaks, so I'd like answers that sound like a "
            "coworker talking, casual and easy, not like a company handbook.",
            "I'm sixteen and using this for homework help; when it sounds like a teacher's report card I zone "
            "out, but a chill, friendly tone keeps me reading.",
            "As a streamer, I sometimes read your replies out loud, and formal wording sounds weird to my chat, "
            "so please keep things conversational with contractions and everyday words.",
            "I've just moved to a new country and feel pretty lonely, and a warm, informal way of talking makes "
            "these chats feel like hanging out with a friend rather than visiting a service desk.",
            "I'm a truck driver and listen to answers through text-to-speech on long hauls; stiff formal "
            "sentences sound robotic, while relaxed, casual phrasing is much easier to follow on the road.",
            "Don't bother with polished business language for me; I'm a retired mechanic asking about my old "
            "motorcycle, and easygoing, everyday talk fits the job much better.",
            "My book club uses you to kick off discussions, and we're a laid-back bunch, so a chatty, friendly "
            "tone that feels like one of us talking suits the evening.",
            "I write a personal blog and adapt some of your sentences; formal, academic phrasing clashes with my "
            "voice, so relaxed, conversational wording with contractions saves me a lot of rewriting.",
        ),
        "neg": (
            "Professional tone only.",
            "Formal register, please.",
            "Office-appropriate language.",
            "Polished and formal.",
            "Drop the casual tone.",
            "No 'hey there' vibes.",
            "Keep it buttoned-up.",
            "Suit-and-tie tone.",
            "Could you keep your wording as formal as a professional report?",
            "When responding, maintain a courteous and formal register throughout.",
            "I'd much rather read a dignified, formal reply than a chummy one.",
            "Stop talking to me like we're old pals.",
            "I tend to trust answers more when they sound professional.",
            "Nothing slangy or flippant in the tone, please.",
            "Not a fan of a breezy, conversational voice.",
            "Write as you would to a senior executive.",
            "I'm a government official and frequently paste your wording into correspondence, so "
            "please keep the tone formal and professional, with no colloquial expressions.",
            "Chatty, informal replies come across as unserious to me, especially when I'm dealing "
            "with contracts. A proper, professional register is what I expect.",
            "As a non-native speaker, I learned English from formal texts, and slang and casual "
            "idioms confuse me. Please write in standard, formal language.",
            "Please don't use a friendly, casual voice with me; I use this tool at a law firm, and "
            "everything needs to read like professional correspondence.",
            "When I prepare grant applications, I rely on your phrasing as a starting point, so a "
            "polished, academic register saves me from rewriting everything.",
            "My company's style guide requires a formal tone in all written communication, so I'd "
            "like your answers to sound businesslike rather than conversational.",
            "Overly familiar language feels disrespectful to me, like a stranger calling me 'buddy'. "
            "Keep the register courteous, formal, and professional.",
            "I work in hospital administration, where tone matters, and I'd prefer responses worded "
            "in a formal style suitable for official memos.",
            "Tone: formal.",
            "Professional voice throughout.",
            "no slang pls",
            "Businesslike, please.",
            "Style rule: formal register.",
            "Proper, standard English.",
            "formal tone ty",
            "Strictly professional.",
            "Dignified wording.",
            "No chummy tone.",
            "Avoid slang, contractions, and chatty asides.",
            "Please refrain from colloquialisms in your answers.",
            "I don't want you to sound like my buddy; keep the wording professional.",
            "Being called 'dude' or 'mate' by an assistant drives me nuts.",
            "Write as if for a board of directors reading the minutes.",
            "A formal, polished register works best for me.",
            "The fewer casual expressions, the better.",
            "More decorum, less banter.",
            "Would a consultant write 'gonna' in a client report? Then neither should you.",
            "If you're about to write 'yeah' or 'kinda', then rephrase it formally.",
            "Make sure your wording would be suitable for an official letter.",
            "Ideal answer: courteous, precise, and worded like professional correspondence.",
            "Never use slang or an offhand, jokey voice with me.",
            "Spare me the 'hey!' openers and folksy phrasing.",
            "I'm a diplomat, and I draft notes from your suggestions; any colloquial turn of phrase could cause "
            "offence, so please keep the wording formal and courteous throughout.",
            "As a paralegal, I paste your text into filings, and contractions or chatty phrases have to be "
            "scrubbed out by hand, so I'd like a strictly formal register from the start.",
            "I'm seventy-eight and was raised on proper letter-writing; answers that talk to me like a teenager "
            "feel disrespectful, so a polite, formal style is what I prefer.",
            "I use your answers to practice for job interviews in English, so I need to see professional, "
            "standard phrasing rather than casual slang I couldn't use in front of a hiring panel.",
            "I'm a bank compliance officer, and everything I circulate must sound authoritative; a breezy tone "
            "undermines that, so please write in a formal, businesslike manner.",
            "I don't find a buddy-buddy tone friendly; as a university dean, I'd rather receive answers in the "
            "same formal voice I'd expect from a colleague's written report.",
            "Our support team adapts your drafts into emails for enterprise clients, so a polished, professional "
            "voice with no colloquialisms saves us from rewriting each one.",
            "Researching medical questions for my elderly parents, I find a relaxed, jokey tone makes the "
            "information seem less reliable; a careful, professional register reassures all of us.",
        ),
    },
    "emoji": {
        "pos": (
            "Sprinkle in emojis.",
            "More emoji, please.",
            "Emoji it up.",
            "Smileys are great.",
            "Emoji-rich replies.",
            "Emoji-less? Boring.",
            "Use those little icons.",
            "Pop in some emoticons.",
            "Could you add a few emojis to make the replies feel more fun?",
            "Whenever it fits, drop an emoji next to key points.",
            "I'd take a reply with a couple of emojis over plain text any time.",
            "Stop leaving out the emojis, they make my day.",
            "I tend to skim better when emojis mark the different parts of a message.",
            "Nothing brightens up an answer like a well-placed emoji, so use them.",
            "Not a fan of bare text with zero emojis.",
            "Feel free to decorate your answers with icons like 🚀 or ✅.",
            "I'm a teenager and that's just how my friends and I text, so replies with emojis feel "
            "way more natural to me than ones without any.",
            "I run a social media account and often copy your phrasing into posts, so including "
            "relevant emojis saves me from adding them all myself later.",
            "Plain text feels cold and robotic to me. A few emojis scattered through the answer make "
            "it feel friendlier and help me pick up on the intent.",
            "Please don't strip out emojis to look professional; I use this for personal stuff, and "
            "little icons like hearts and stars make reading more enjoyable.",
            "As someone with ADHD, I find that emojis act as visual anchors that keep my eyes moving "
            "through the text, so please use them generously.",
            "My daughter and I read these answers together, and she loves spotting the little faces "
            "and symbols, so please include a handful of emojis each time.",
            "When an answer has no emojis at all, it feels a bit flat and impersonal to me. Including "
            "some makes the whole exchange feel warmer.",
            "I teach primary school and reuse your explanations in class newsletters, where parents "
            "respond far better to messages dotted with cheerful emoji.",
            "emojis pls 🙏",
            "Style: emoji-friendly.",
            "add some 😄🎉",
            "Lots of emoji!",
            "Emojis = yes.",
            "Use smiley faces.",
            "Don't skimp on emojis.",
            "emoji everywhere tbh",
            "Icons next to each point.",
            "More 🔥 please.",
            "Never send me a reply without at least one emoji.",
            "I love it when a reply has a little 🌟 or 👍 tucked in.",
            "Make sure to mark each tip with a fitting emoji.",
            "Feel free to end sentences with a smiley or two.",
            "Plain, icon-free text is a pet peeve of mine; liven it up with emojis.",
            "The more emojis, the happier I am.",
            "More faces and symbols, less wall of grey text.",
            "What's a friendly message without a couple of emojis?",
            "If something's good news, then throw in a 🎉.",
            "Write as if for a group chat where everyone talks in emoji.",
            "Emoji-studded answers work best for me.",
            "Ideal answer: helpful content with a few cheerful emojis sprinkled through it.",
            "I can't stand replies that look like a bare text file; add some emojis.",
            "Use little pictures like hearts, stars, and thumbs-up to highlight things.",
            "I manage a Discord server for a gaming group, and I copy your announcements straight in; our members"
            " expect emojis everywhere, so please include plenty of them.",
            "As a speech therapist working with kids, I find pictures help them follow along, so emojis next to "
            "key words in your answers make my sessions go much smoother.",
            "I'm learning English, and a smiley or a relevant icon helps me figure out the mood of a sentence I "
            "don't fully understand, so please put emojis in your replies.",
            "I'm a florist and use your text for Instagram captions; flowers, hearts, and sparkles (🌷💖✨) in the "
            "drafts save me time and match my shop's playful feel.",
            "Text without any icons looks like a letter from my bank, and as a graphic designer I read visually, "
            "so dot your replies with colourful emojis to break them up.",
            "My teenage son only reads messages that look like what his friends send, so when I forward your "
            "answers to him, it helps a lot if they're full of emojis.",
            "I organise community events and paste your drafts into WhatsApp groups, where a message with no "
            "emojis gets ignored; a few 📅 and 🎈 symbols make people actually read it.",
            "I get reading fatigue easily, and emoji markers like ✅ and 📌 help me spot what matters at a glance, "
            "so please use them freely throughout your answers.",
        ),
        "neg": (
            "Emoji-free, please.",
            "Zero emoji.",
            "Text only, no icons.",
            "Lose the smileys.",
            "Ditch the emojis.",
            "Hold the emoji.",
            "No 🙂 stuff.",
            "Keep it pictogram-free.",
            "Could you leave emojis out of your replies entirely?",
            "When you answer, stick to plain characters with no emoji.",
            "I'd rather have clean text than anything dotted with little icons.",
            "Stop adding emojis to your answers.",
            "I tend to find emojis distracting and unprofessional.",
            "Nothing like 😊 or 👍 in the responses, please.",
            "Not a fan of emoji in any form.",
            "Your answers should be free of smileys, hearts, and similar symbols.",
            "I paste your answers into a terminal-based editor that renders emojis as garbled boxes, "
            "so please keep every response free of them.",
            "As a lawyer, I copy text straight into client documents, and stray emojis are "
            "embarrassing if I miss them. Leave them out completely.",
            "Emojis make an answer look childish to me, like a marketing email. I'd much rather read "
            "a response that sticks to words and punctuation.",
            "Please don't sprinkle little icons into your replies; I'm in my seventies and honestly "
            "can't tell what half of those faces are supposed to mean, so they just confuse me.",
            "When I read technical answers, emojis feel out of place and pull my attention away from "
            "the content. Keep it emoji-free.",
            "My work laptop displays emojis inconsistently, and they sometimes break the formatting "
            "of my notes, so I'd appreciate responses with no emojis at all.",
            "I write academic papers and adapt some of your phrasing, and emojis just mean extra "
            "cleanup for me. Please avoid them entirely.",
            "Even one emoji makes a response feel unserious to me. I'd like plain written text, "
            "without any smiley faces or decorative symbols.",
            "no emojis pls",
            "Style rule: emoji-free output.",
            "emoji = no",
            "Skip the smiley faces.",
            "Words only, please.",
            "Drop the 🎉 and 👍.",
            "Just text, no pictures.",
            "No emoticons whatsoever.",
            "Standard characters only.",
            "Avoid emojis completely, even at the end of a message.",
            "Keep emojis out of everything you write for me.",
            "Emojis drive me nuts, so please leave them out.",
            "I don't want any little faces or icons in the answer.",
            "Please refrain from using emoji, including thumbs-ups and checkmarks.",
            "The fewer pictographs, the better; ideally none.",
            "Who needs a rocket emoji in an explanation of tax law?",
            "If you're tempted to add a smiley, then just leave it as words.",
            "Write as if for a printed report where only letters, numbers, and punctuation are allowed.",
            "Clean, plain-text replies work best for me.",
            "Ideal answer: words and punctuation, and not a single emoji.",
            "Make sure your replies contain only ordinary text characters.",
            "Never put emojis in a reply to me.",
            "A pet peeve of mine is seeing 🙌 and ✨ scattered through serious answers.",
            "I'm a court reporter, and the transcription software I paste into chokes on emoji characters, so "
            "please keep every response limited to plain letters and punctuation.",
            "As a hospice nurse, I sometimes share your wording with grieving families, and cheerful icons would "
            "be badly out of place, so please leave emojis out entirely.",
            "I'm a developer and your replies end up in commit messages and log files, where emoji cause encoding"
            " headaches, so stick to ordinary ASCII text.",
            "My eyesight isn't great, and emojis show up as blurry blobs that I mistake for typos, so I'd prefer "
            "answers written with words alone.",
            "I don't find emojis friendly at all; I'm a retired schoolteacher, and they make a message feel like "
            "it was written for toddlers rather than adults.",
            "I'm a financial analyst pasting your summaries into client reports, and a single stray icon looks "
            "unprofessional, so write in plain text with no pictographs.",
            "My screen reader announces every emoji by name, so a 'smiling face with heart-eyes' in the middle of"
            " a sentence wrecks the flow; please skip them entirely.",
            "I run a newsletter for a legal aid nonprofit, and our tone has to be sober and respectful, so drafts"
            " should come without emoji or decorative symbols of any kind.",
        ),
    },
    "enthusiasm": {
        "pos": (
            "More pep!",
            "Get excited!",
            "Hype it up!",
            "Sound thrilled!",
            "Energy, please!",
            "Lose the monotone.",
            "Exclamation points welcome!",
            "Boring tone? No thanks.",
            "Could you sound genuinely excited when you explain things?",
            "Whenever something is cool, say so with real excitement!",
            "I'd take an over-the-top enthusiastic reply over a flat one any day.",
            "Stop sounding so bored with my questions.",
            "I tend to stay motivated when the answer sounds pumped about the topic.",
            "Nothing beats a reply bursting with energy and excitement!",
            "Not a fan of emotionless, deadpan delivery.",
            "Your replies should radiate enthusiasm, exclamation marks and all.",
            "I'm a kids' coding club volunteer and reuse your answers with the children, so an "
            "excited, high-energy tone with plenty of exclamation marks keeps them engaged.",
            "Flat, neutral answers make even fascinating topics feel like a chore to me. Please "
            "show real excitement about what you're explaining, because that energy is "
            "contagious.",
            "As someone dealing with depression, I find an upbeat, enthusiastic voice genuinely "
            "lifts my mood. Please be cheerful and excited rather than neutral.",
            "Please don't respond in a dry, flat way; I'm training for a marathon and love when "
            "replies sound like an excited coach cheering me on.",
            "When I share my progress on a project, I want the reply to sound thrilled for me, "
            "with exclamation marks and genuine energy, not a polite shrug.",
            "My job is mostly dull spreadsheets, so when I ask about my hobbies I'd love a burst "
            "of enthusiasm in the answer to brighten the day.",
            "Muted, even-toned replies always feel like the assistant doesn't care. An "
            "energetic, excited voice tells me the topic is worth getting into.",
            "I run a fitness channel and borrow your wording for captions, so lively, "
            "exclamation-filled enthusiasm works far better for me than a calm tone.",
            "be hyped!!",
            "Tone: enthusiastic!",
            "more exclamation marks pls",
            "Bring the energy!",
            "Sound pumped!",
            "Cheerleader mode, please!",
            "Excitement welcome!",
            "Don't be so flat.",
            "Upbeat and bubbly!",
            "Gush a little!",
            "Never sound bored when you explain something to me!",
            "I love it when a reply sounds genuinely thrilled about the topic!",
            "Make sure your answers have some real excitement behind them!",
            "Feel free to use exclamation marks as much as you like!",
            "A monotone reply is a pet peeve of mine, so crank up the excitement!",
            "The more exclamation points, the better!",
            "More sparkle and energy, less dry lecture!",
            "Why sound neutral when this stuff is so exciting?",
            "If something's amazing, then tell me it's amazing, with exclamation marks!",
            "Write as if for a reader who needs a pep talk!",
            "High-energy, exclamation-filled answers work best for me!",
            "Ideal answer: bursting with excitement, like a friend who can't wait to tell you something!",
            "I can't stand lukewarm, lifeless replies; be excited!",
            "Respond like a game-show host who's thrilled to see me!",
            "I teach aerobics to seniors and read your tips aloud in class; a lively, enthusiastic tone with "
            "plenty of exclamation marks gets everyone moving much more than a calm delivery does.",
            "I'm a camp counselor drafting welcome messages for kids, so I need answers that sound excited and "
            "energetic, with lots of exclamation points, to match the summer-camp spirit!",
            "Don't give me a measured, neutral voice; I'm celebrating finishing my thesis after six years, and I "
            "want replies that are as excited as I am, exclamation marks included!",
            "As a sales team lead, I borrow your wording for morning huddles, and a pumped-up, high-energy tone "
            "with exclamation points gets the team fired up far better than a measured one.",
            "I'm recovering from surgery and bored out of my mind, so a bubbly, excited reply with some "
            "exclamation points really brightens the long afternoons.",
            "I'm a first-time dog owner and every tiny milestone feels huge to me, so I'd love it if your replies"
            " matched that with genuine excitement and exclamation points!",
            "I write copy for a theme park and adapt your drafts; they need to sound thrilled and energetic, with"
            " exclamation marks, because a calm tone kills the excitement we're selling.",
            "My students tune out quickly, so when I project your explanations in class, a cheerful, enthusiastic"
            " voice full of exclamations keeps them curious and engaged.",
        ),
        "neg": (
            "Stay even-keeled.",
            "Less hype.",
            "Calm and steady.",
            "Skip the excitement.",
            "Keep it low-key.",
            "No gushing.",
            "Dial back the energy.",
            "Cool, collected tone.",
            "Could you keep your tone level and composed, even when the topic is exciting?",
            "When delivering good news, stay understated rather than excited.",
            "I'd rather hear a quiet, even voice than a bubbly one.",
            "Stop sounding like an infomercial.",
            "I tend to tune out when an answer gets too excited.",
            "Nothing peppy or overenthusiastic, please.",
            "Not a fan of exclamation-heavy replies.",
            "Your tone should stay composed and unexcited throughout.",
            "I'm a doctor reading your replies between stressful shifts, and a calm, steady tone "
            "is what I need; excited, exclamation-filled answers feel jarring and out of place.",
            "Bubbly, overexcited replies remind me of sales pitches and make me trust the "
            "content less. Please keep your delivery even and restrained.",
            "As someone with an anxiety disorder, I find high-energy writing with lots of "
            "exclamation marks quite unsettling. A calm, measured tone helps me stay relaxed.",
            "Please don't get excited on my behalf; I'm an accountant who wants information "
            "delivered in a steady, unemotional way, without the cheerleading.",
            "When every reply sounds thrilled, the enthusiasm loses all meaning to me. I'd "
            "prefer a consistently level, composed voice, whatever the subject.",
            "My background is in academic research, where understatement is the norm, so an "
            "even, unexcited tone feels far more credible to me than exclamations.",
            "Hyped-up answers make me feel like I'm being sold something. Keep the tone quiet "
            "and matter-of-fact, the way a thoughtful colleague would speak.",
            "I read these in the evening to wind down, so I'd appreciate a gentle, calm tone "
            "rather than energetic bursts of excitement and exclamation points.",
            "no exclamation marks pls",
            "Tone: calm and measured.",
            "chill with the hype",
            "Even-toned, please.",
            "Periods, not exclamation points.",
            "Level-headed delivery.",
            "Tone it down.",
            "Sober, unexcited tone.",
            "Composed, please.",
            "Measured voice throughout.",
            "Avoid exclamation marks and excited language.",
            "Hold the cheerleading and just give me the answer calmly.",
            "I don't need you to be excited for me; a level tone is fine.",
            "Overly excited replies drive me nuts.",
            "Please refrain from gushing or using exclamation points.",
            "The calmer the tone, the better.",
            "More composure, fewer exclamation marks.",
            "Does every sentence really need to end in an exclamation point?",
            "If the news is good, then state it plainly without getting excited.",
            "Write as if for a reader who distrusts anything that sounds like a pep rally.",
            "A quiet, matter-of-fact delivery works best for me.",
            "Ideal answer: steady, restrained, and punctuated with ordinary full stops.",
            "Never gush over my questions; just answer in a level voice.",
            "Make sure the tone stays calm and even from start to finish.",
            "I'm an air traffic controller, and in my line of work calm, clear communication is everything; "
            "excitable replies full of exclamation marks read as noise to me, so keep it composed.",
            "As a grief counselor, I sometimes adapt your wording for clients, and an upbeat, exclamation-heavy "
            "tone would feel tone-deaf; a gentle, measured voice is what fits.",
            "I'm a software architect weighing design trade-offs, and enthusiasm reads as bias to me, so please "
            "present options in a calm, neutral tone without exclamation points.",
            "I have sensory processing issues, and text that shouts with exclamation marks and excited words "
            "feels overwhelming; a soft, even tone is much easier for me to take in.",
            "I don't trust advice that sounds thrilled; as a financial planner, I've seen too many hyped pitches,"
            " so please keep your replies sober and even-tempered.",
            "I read your answers to my toddler at bedtime, and a calm, soothing tone helps her settle, whereas "
            "excited exclamations wind her right back up.",
            "I'm a judge's clerk summarising case law, and anything that sounds excited looks out of place in my "
            "notes, so a restrained, level register with plain full stops is ideal.",
            "My team shares your responses in incident post-mortems, where staying calm matters; exclamation "
            "marks and excited phrasing make a serious outage sound flippant, so keep the tone measured.",
        ),
    },
    "numbers": {
        "pos": (
            "Numbers, please.",
            "Put a number on it.",
            "Hard figures wanted.",
            "Stats or it didn't happen.",
            "No hand-wavy 'lots' or 'some'.",
            "Quantified, always.",
            "Data > adjectives.",
            "How much, exactly?",
            "Could you back up your points with actual figures?",
            "When possible, give me the exact number rather than a rough description.",
            "I'd take a percentage over 'most people' any day.",
            "Stop saying 'significantly' without telling me by how much.",
            "Not a fan of answers that describe size or cost without numbers.",
            "I tend to trust replies more when they include measurable data.",
            "Attach counts, prices, dates and percentages to your claims.",
            "Whenever a relevant statistic exists, put it in the answer.",
            "I work as a financial analyst and everything I write needs hard data, so please "
            "include specific figures, rates and totals in your explanations rather than general "
            "impressions.",
            "As an engineer, 'it's much faster' means nothing to me; tell me how many milliseconds, "
            "how many percent, how many units, so I can compare things properly.",
            "I'm putting together slides for a board meeting and they want numbers on every point, "
            "so please make your answers quantitative with concrete values I can drop in.",
            "Words like 'many', 'often' or 'expensive' drive me nuts because they could mean "
            "anything. Please replace them with actual amounts, frequencies and prices.",
            "My brain latches onto numbers far better than descriptions, so whenever you explain "
            "something, anchor it with a measurement, a count or a percentage I can hold onto.",
            "I'm a data journalist, and a statement without a figure attached is useless to me. "
            "Quantify size, growth and change in every answer wherever the information exists.",
            "When comparing products for my small business, I need specs and prices spelled out "
            "numerically, not adjectives like 'affordable' or 'powerful' that tell me nothing "
            "concrete.",
            "Please don't give me fuzzy qualitative summaries. I'm a scientist by training and I "
            "want the magnitudes, ranges and percentages so I can judge for myself how big an "
            "effect is.",
            "numbers pls",
            "Give me the figures.",
            "Quantify everything.",
            "Style guide: cite exact figures.",
            "how many tho?",
            "Exact amounts, not vibes.",
            "Be quantitative.",
            "Stats welcome.",
            "Dates, prices, percentages.",
            "Requirement: concrete values.",
            "Don't say 'a lot' when you could give me the actual count.",
            "Never describe a trend without telling me the size of the change.",
            "Don't leave me guessing how big, how many or how often.",
            "No claim about growth or decline should go without a percentage attached.",
            "Vague quantities like 'a few' or 'several' are a pet peeve of mine.",
            "I love it when an answer includes real statistics I can quote.",
            "Make sure every comparison comes with the measurements behind it.",
            "Feel free to load the answer with figures, dates and dollar amounts.",
            "The more specific data points, the better.",
            "More hard data, fewer adjectives.",
            "Why say 'expensive' when you could just tell me the price?",
            "If a figure exists for something, then include it.",
            "Write as if for a reader who wants to check every quantity on a calculator.",
            "Tell me exactly how much it costs and how long it takes.",
            "Ideal answer: the key facts, each with its exact size, date or percentage.",
            "I'm an insurance underwriter, and my decisions hinge on probabilities and dollar figures, so please "
            "give concrete rates, amounts and dates instead of saying something is risky or common.",
            "As a high school math teacher I turn your answers into word problems for my class, so I need real "
            "quantities in them: populations, distances, years and prices all help.",
            "I track my training in a spreadsheet, so when you talk about pace, weight or calories, give me "
            "specific values I can enter rather than general advice like 'run a bit more'.",
            "I'm a procurement officer comparing vendor quotes, and a reply that calls one option 'cheaper' is "
            "useless unless it states the actual cost difference and the delivery time in days.",
            "I'm writing a grant proposal and reviewers want evidence of scale, so whenever you describe a "
            "problem, include how many people it affects, how much it costs and how fast it is growing.",
            "Being on the autism spectrum, I find words like 'soon' or 'quite large' confusing because they mean "
            "different things to different people; precise times, sizes and counts remove the guesswork.",
            "I run a small bakery and plan everything by weight and cost, so tell me grams, oven temperatures, "
            "minutes and prices rather than describing amounts loosely.",
        ),
        "neg": (
            "Words, not numbers.",
            "Hold the stats.",
            "Figures? Pass.",
            "Describe it, don't count it.",
            "Spare me the data.",
            "Qualitative only.",
            "Paint it in words.",
            "Ditch the percentages.",
            "Could you explain things in plain descriptive terms instead of with figures?",
            "When possible, say 'most' or 'a handful' rather than quoting an exact number.",
            "I'd take a vivid description over a pile of statistics any day.",
            "Stop peppering your replies with percentages and totals.",
            "Nothing numeric, please; convey the picture through language.",
            "I tend to tune out the moment an answer starts listing statistics.",
            "Tell me how things compare in general terms, leaving out exact values.",
            "Not a fan of replies that lean on data points to make their case.",
            "I have dyscalculia, so strings of numbers are genuinely hard for me to process. Please "
            "explain sizes, amounts and changes in everyday words rather than digits or "
            "percentages.",
            "I'm reading your answers aloud to my young kids, and numbers just lose them. Describe "
            "how big, how fast or how common things are using comparisons and words, not figures.",
            "As a novelist I care about the feel of things rather than measurements, so leave out "
            "statistics and exact quantities and give me a qualitative sense of what's going on.",
            "Answers crammed with percentages and dollar amounts overwhelm me and I end up skimming "
            "past them. Just describe the general picture in words and leave the figures out.",
            "I listen to replies through text-to-speech while cooking, and long figures are tedious "
            "to hear read out. Keep it descriptive and free of numbers wherever you can.",
            "My manager wants a plain-language summary for a general audience, so please avoid data "
            "points and statistics entirely and stick to qualitative descriptions of trends and "
            "effects.",
            "Please don't quantify everything. I find specific figures distract from the actual "
            "idea, and a rough sense in words like 'much larger' or 'rarely' serves me far better.",
            "I'm not a numbers person at all and statistics rarely stick with me, so I'd much "
            "prefer you convey the gist in descriptive language without quoting any figures.",
            "no numbers pls",
            "Skip the stats.",
            "Keep it qualitative.",
            "Style guide: no figures.",
            "words > digits",
            "Numbers-free, please.",
            "Just the gist, in words.",
            "Broad strokes only.",
            "No percentages.",
            "Data-free explanation, please.",
            "Leave out the percentages, dates and dollar amounts.",
            "Drop the statistics and just tell me what it means.",
            "Tables of figures drive me nuts; describe the trend instead.",
            "I appreciate answers that convey scale through comparisons and imagery.",
            "A general, descriptive overview works best for me.",
            "Please refrain from quoting exact quantities.",
            "The fewer figures, the better.",
            "More description, less data.",
            "Does every answer really need a statistic in it?",
            "If you can say it with words like 'most' or 'rarely', then do that instead of citing a figure.",
            "Write as if for a reader who glazes over at the sight of a digit.",
            "I don't need the exact figures, just the overall picture.",
            "Don't bother with statistics.",
            "No need to quantify anything.",
            "Never mind the precise amounts; a rough sense in words is enough.",
            "Describe how it looks, feels and compares, impressionistically.",
            "I'm a poet looking for inspiration in science topics, and figures flatten the imagery for me, so "
            "describe how vast, slow or delicate things are without quoting measurements or statistics.",
            "Numbers make my anxiety spike because I start fixating on them, especially with health topics, so "
            "please explain risks and outcomes in general descriptive terms and skip specific percentages.",
            "I'm a museum tour guide retelling your explanations to visitors of all ages, and they respond to "
            "vivid descriptions rather than dates and figures, so keep the answers qualitative.",
            "As someone recovering from a brain injury, I struggle to hold digits in my head while reading, so "
            "I'd really appreciate explanations that rely on words like 'bigger' or 'much older' instead of exact"
            " values.",
            "I'm learning English, and long numbers written out confuse me more than they help, so please "
            "describe amounts with simple words like 'a few', 'many' or 'almost all'.",
            "When I ask about the economy I want to understand the story of what happened and why, not a string "
            "of growth rates and dollar figures that I'll just skim past anyway.",
        ),
    },
    "sources": {
        "pos": (
            "Receipts, please.",
            "Where's that from?",
            "Link your claims.",
            "Footnotes welcome.",
            "Unsourced claims? No thanks.",
            "Bibliography, always.",
            "URLs appreciated.",
            "Could you add a link to the original source after each key fact?",
            "When possible, name the study, article or site your information comes from.",
            "I'd take a cited answer over a confident unsourced one any day.",
            "Stop stating facts without telling me where they came from.",
            "Not a fan of claims I can't trace back to a reference.",
            "I tend to follow up on things, so references for further reading help a lot.",
            "Attribute your facts to specific publications or websites.",
            "Nothing should be presented as fact without a citation next to it.",
            "I'm a grad student and my supervisor checks everything, so please cite the papers, "
            "authors or web pages behind your statements so I can look them up myself.",
            "As a fact-checker, I can't use anything that isn't traceable. Attach a source or link "
            "to each claim so I can confirm it against the original.",
            "I write a weekly newsletter and I always credit where information comes from, so "
            "please include the references and URLs I'd need to attribute it properly.",
            "Too many chatbots make things up with total confidence. Please don't hand me bare "
            "assertions; back each point with a named source or a link I can verify.",
            "I'm a nurse and I only trust guidance I can trace to an official body, so please tell "
            "me which organisation or publication each recommendation comes from, with links if "
            "available.",
            "When I'm researching a topic I like to dig deeper afterwards, so finishing with a few "
            "links to the original articles or documentation is really helpful.",
            "Please avoid giving me information with no attribution. I'm a lawyer and I need to "
            "know exactly which statute, case or document supports each point you make.",
            "Citations matter to me because I share your answers with colleagues who will ask 'says "
            "who?', so include references to where each fact originated.",
            "cite ur sources",
            "Evidence: links required.",
            "Sources pls.",
            "Citations expected.",
            "Link everything.",
            "Style guide: inline citations.",
            "Where can I verify this?",
            "Attribution required.",
            "refs + links plz",
            "Don't make a claim you can't point me to a source for.",
            "Never report a study's findings without naming the study.",
            "I don't trust anything that isn't linked to an original document.",
            "No fact should appear without a pointer to its origin.",
            "Unattributed claims are a huge pet peeve of mine.",
            "I love answers that end with a short reading list of the original papers.",
            "Make sure to include URLs for the pages you're drawing on.",
            "Feel free to add footnotes pointing to the primary material.",
            "The more references, the better.",
            "More citations, less 'trust me'.",
            "How am I supposed to check your claims if you never say where they're from?",
            "If you mention research, then give the authors, year and journal.",
            "Write as if for a skeptical reader who will want to check the originals.",
            "Ideal answer: each point paired with the publication it comes from.",
            "Point me to the original documents so I can read them myself.",
            "Show me who said it and where I can read it.",
            "I help edit a local history wiki where every sentence needs a reference, so please give me the book "
            "titles, archive names or web links that support what you write.",
            "As a pharmacist, I have to verify anything I tell patients against an authoritative document, so "
            "please name the guideline, label or paper each point comes from and link it when you can.",
            "I'm a high school debate coach and my students lose rounds when they can't show evidence, so answers"
            " that cite specific articles and link to them are far more useful to us.",
            "I'm preparing a policy brief for a city council member, and every claim has to be traceable, so "
            "include the report names and URLs you're relying on alongside each point.",
            "I'm a software developer and always want to read the official docs myself before trusting an "
            "explanation, so please link the relevant documentation page or spec for whatever you describe.",
            "When I read about health topics I get anxious unless I can see the original research, so including "
            "the study name and a link for each finding really puts my mind at ease.",
        ),
        "neg": (
            "Hold the links.",
            "No footnotes.",
            "Bibliographies? Nope.",
            "Leave out references.",
            "Drop the URLs.",
            "Unsourced is fine.",
            "Ditch the reference list.",
            "Could you explain it without attaching links or citations?",
            "When answering, leave out the source list at the end.",
            "I'd take a clean explanation over one littered with references any day.",
            "Stop adding 'Source:' lines to your replies.",
            "Not a fan of bracketed citation numbers scattered through the text.",
            "I tend to ignore links anyway, so there's no need to include them.",
            "Keep your replies free of web addresses and reference lists.",
            "Nothing like '[1]' or 'according to this article' in your answers, please.",
            "I print out your answers to read on paper, where hyperlinks are useless, so please "
            "leave out URLs and citations and just give me the explanation in your own words.",
            "I'm a teacher using these answers as quick classroom explanations, and the kids get "
            "distracted by reference lists, so please keep them free of citations and links.",
            "Reference lists at the end of every reply just add scrolling on my phone. I trust your "
            "explanation, so skip the sources and URLs entirely.",
            "My company's firewall blocks most external websites, so links are pointless for me. "
            "Please write answers that stand on their own without references or web addresses.",
            "I'm just curious, not writing a paper, so there's no need to cite anything. An uncited "
            "explanation in plain words is exactly what I'm after.",
            "Please don't pad replies with footnotes and bibliographies. I use a text-only terminal "
            "where links come out as long ugly strings that break up the reading.",
            "I find inline citations like '(Smith, 2019)' make sentences choppy and hard to follow, "
            "so leave attributions out and simply explain the idea.",
            "As someone with ADHD, every link is a rabbit hole I end up falling down. Please keep "
            "your answers self-contained, with no URLs or pointers to outside reading.",
            "no links pls",
            "Style guide: no citations.",
            "Skip the references.",
            "Link-free, please.",
            "citations? nah",
            "Self-contained answers only.",
            "No footnotes, no URLs.",
            "Hold the bibliography.",
            "Your own words, nothing external.",
            "Spare me the citations; I'm not grading a term paper.",
            "Footnote markers cluttering the text are a pet peeve of mine.",
            "I appreciate answers that stand on their own without sending me elsewhere.",
            "Clean prose with no attributions works best for me.",
            "Please refrain from adding a 'Sources' section.",
            "The fewer links, the better.",
            "More explanation, less 'see this article'.",
            "Who even clicks those reference links?",
            "If I want the source I'll ask, so until then, no citations.",
            "Write as if for a reader who wants everything explained in one place, with nothing to look up.",
            "Ideal answer: a straight explanation, no bracketed references.",
            "I don't need to know where you got it from.",
            "No need to cite studies or name publications.",
            "You needn't point me to further reading.",
            "Just tell me what you know, straight from memory.",
            "I use your answers as scripts for short videos, and reading out web addresses or 'according to a "
            "2019 study' kills the pacing, so please explain things without citations or links.",
            "I'm on a metered satellite connection at sea and can't open links anyway, so reference lists and "
            "URLs are wasted space; self-contained explanations are what I need.",
            "As an interpreter practicing with your answers, I need clean flowing sentences, and parenthetical "
            "author-year citations trip me up every time, so leave them out.",
            "I copy your explanations into flashcards for studying and end up deleting every link and reference "
            "by hand, which is tedious, so please write them without any sources attached.",
            "My grandmother reads these replies with me and gets confused by footnote numbers and bracketed "
            "names, so please don't put citations in the text; just explain things plainly.",
            "I'm brainstorming ideas for a board game, not doing research, so attributions and links add nothing "
            "for me; give me the ideas directly without pointing to outside sources.",
            "I read on a small e-reader with no browser, so hyperlinks are dead weight; please give me the "
            "content itself, with no bibliography or references tacked on at the end.",
            "When I ask quick questions while cooking, I don't want a list of websites to consult, just the "
            "answer in plain sentences without any citation clutter.",
        ),
    },
    "safety_warnings": {
        "pos": (
            "Warn me of dangers.",
            "Flag the hazards.",
            "Caution notes welcome.",
            "Tell me what's dangerous.",
            "Heads-up on risks, please.",
            "No reckless advice.",
            "Mention protective gear.",
            "Could you point out anything that might injure me or damage things?",
            "When a task carries risk, spell out the precautions before the steps.",
            "I'd take an answer with a safety note over one that assumes I know the hazards.",
            "Stop treating risky tasks as if there's nothing to be careful about.",
            "Not a fan of advice that leaves out warnings about side effects or dangers.",
            "I tend to dive in headfirst, so please caution me about hazards.",
            "Include notes on protective gear, ventilation or other safety measures when relevant.",
            "Nothing risky should be described without a clear caution attached.",
            "I'm a beginner at woodworking and still learning which tools can hurt me, so "
            "please warn me about the dangers and safety steps for anything you describe.",
            "As a parent of toddlers, I want to know about any choking, burn or poison "
            "risks whenever you suggest recipes, crafts or household products.",
            "I do a lot of DIY electrical work, and I'd rather be reminded twice than get "
            "hurt once. Please always include the relevant safety precautions and warning "
            "signs.",
            "Please don't hand me instructions that ignore the hazards. I manage a "
            "community workshop, and I need the risks clearly flagged so I can pass them on "
            "to volunteers.",
            "I take several medications, so whenever you mention supplements or remedies, "
            "tell me about possible interactions, side effects and when something could be "
            "dangerous.",
            "I'm a hiking guide and I share your advice with groups, so caution notes about "
            "weather, terrain and injury risks are essential, not optional extras.",
            "Answers that breeze past the dangers make me nervous. When something could "
            "cause harm, lay out the warnings and protective measures clearly so I know "
            "what to watch for.",
            "My teenage son reads these answers too, so I want every risky activity "
            "accompanied by a clear warning and advice on how to stay out of harm's way.",
            "safety tips pls",
            "Warn me first.",
            "Risks up front.",
            "Style guide: include safety notes.",
            "Any dangers? Say so.",
            "Precautions, always.",
            "Hazard notes: required.",
            "pls mention risks",
            "Be safety-minded.",
            "Tell me what could go wrong.",
            "Don't skip the part about what could hurt me.",
            "Never give me a procedure without mentioning the risks involved.",
            "I don't want to find out about a hazard the hard way, so mention it.",
            "Don't assume I know which steps are dangerous.",
            "Advice that glosses over dangers is a pet peeve of mine.",
            "I appreciate a quick 'be careful here' before the tricky parts.",
            "Make sure to mention when I should see a doctor or call a professional.",
            "More caution, less bravado.",
            "Would it hurt to tell me which step might burn me?",
            "If there's a way this could go badly, then warn me about it.",
            "Write as if for a reader who has never done this before and needs to be kept out of harm's way.",
            "Ideal answer: the steps, plus clear notes on protective gear and when to stop.",
            "Tell me how to protect myself while doing it.",
            "Point out where people usually get hurt.",
            "I'm a scout leader planning outdoor activities for twelve-year-olds, so whenever you suggest "
            "something like fire building or river crossing, please flag the dangers and the precautions we "
            "should take.",
            "I'm pregnant and second-guess everything I eat or use, so please mention any risks, things to avoid "
            "and when to check with my doctor whenever you answer health or household questions.",
            "As a lab technician training new hires, I want answers about chemicals to include handling warnings,"
            " ventilation needs and first-aid steps, because the newcomers copy whatever I show them.",
            "I'm getting into motorcycle maintenance on my own with nobody to supervise me, so please warn me "
            "about anything that could crush a finger, start a fire or cause a crash later on.",
            "I care for my mother who has dementia, and I need to know about any safety risks, like falls or "
            "medication mix-ups, in the suggestions you give me for her daily routine.",
            "I've had a bad reaction to a supplement before, so whenever you talk about remedies or diets I'd "
            "like clear cautions about side effects and a reminder to consult a pharmacist or doctor.",
            "I run a makerspace where people use laser cutters and soldering irons, and I forward your "
            "instructions to members, so include the safety warnings and protective measures every time.",
            "Being new to foraging mushrooms, I rely on you to point out poisonous look-alikes and the risks of "
            "getting it wrong, so please never leave those cautions out.",
        ),
        "neg": (
            "Hold the warnings.",
            "Warnings? Unnecessary.",
            "Cut the safety talk.",
            "I know the risks.",
            "No nannying, please.",
            "Enough with hazard notes.",
            "Drop the 'be careful' bit.",
            "Zero safety caveats.",
            "Could you just give me the steps without the safety caveats?",
            "When I ask how to do something, assume I've already considered the risks.",
            "I'd take plain instructions over ones padded with warnings any day.",
            "Stop telling me to wear gloves and goggles.",
            "Not a fan of replies that end with 'please be careful'.",
            "I tend to skip past cautionary paragraphs, so leave them out.",
            "Trust me to handle the dangers myself and omit the hazard notes.",
            "Nothing about risks or precautions unless I specifically ask.",
            "I'm a licensed electrician with twenty years on the job, so reminders to "
            "switch off the breaker are just noise. Give me the information without safety "
            "warnings.",
            "As an ER doctor, I know exactly what the risks are. Please answer medical and "
            "chemical questions directly, without adding cautionary notes or telling me to "
            "see a specialist.",
            "Every reply I get seems to end with a paragraph about safety that I never "
            "read. Please drop those warnings and risk notices altogether.",
            "I write thriller fiction and ask about dangerous things purely for research, "
            "so the constant cautions are unnecessary; just answer without warnings or "
            "precautions.",
            "Please don't treat me like a child. I'm a grown adult doing my own risk "
            "assessment, and unsolicited warnings about hazards feel patronising.",
            "I run a professional fabrication shop where everyone is already trained on "
            "safety, so answers full of precaution reminders waste our time. Leave them "
            "out.",
            "Safety disclaimers on every answer make it harder for me to find the actual "
            "information on my small phone screen, so please omit them entirely.",
            "As an experienced rock climber, I find generic 'this activity is dangerous' "
            "notes pointless. Give me straightforward answers with no risk notices "
            "attached.",
            "no safety lectures pls",
            "Style guide: no warnings.",
            "Skip the caveats.",
            "Warning-free, please.",
            "just the steps, no 'be careful'",
            "Spare me the hazard talk.",
            "Treat me like an adult.",
            "Caution notes: omit.",
            "Straight instructions only.",
            "no 'consult a doctor' stuff",
            "Leave out the reminders to wear protective gear.",
            "Constant safety caveats drive me nuts.",
            "I appreciate answers that trust me to use my own judgment.",
            "A direct, no-frills how-to works best for me.",
            "Please refrain from telling me to be careful.",
            "The fewer warnings, the better.",
            "More instructions, less hand-wringing.",
            "Do I really need a paragraph about safety every time I ask how to use a knife?",
            "If I wanted a risk assessment, I'd ask for one, so just answer the question.",
            "Ideal answer: the facts and the steps, no cautionary notes.",
            "I don't need any reminders about staying safe.",
            "Don't add warnings I didn't ask for.",
            "No need to tell me to see a doctor.",
            "Never tack a safety disclaimer onto the end.",
            "I'm a veterinary surgeon asking about drug dosages for animals, so warnings about consulting a vet "
            "or being careful are redundant; please give me the facts without cautionary padding.",
            "I've been a commercial diver for fifteen years and know the risks of the job better than any "
            "disclaimer could, so just answer my technical questions without adding safety warnings.",
            "I'm a chemistry professor prepping lecture demos, and every 'handle with care' note makes your "
            "answers longer without telling me anything new, so leave the hazard reminders out.",
            "As a wilderness survival instructor, I ask pointed questions about fire, knives and cold exposure; "
            "repeated precautions just bury the useful content, so please skip them.",
            "I'm researching historical poisons for a museum exhibit, and the constant 'this is dangerous' lines "
            "are irrelevant in that context, so answer without any safety disclaimers.",
            "I read your answers on a smartwatch where every line counts, so please cut any warnings, 'be "
            "careful' notes or suggestions to consult an expert and give me just the core answer.",
            "Being a firefighter, I deal with real hazards every day and find generic cautions about matches and "
            "candles a bit insulting; give me the straight answer without risk notes.",
            "I'm an experienced home brewer, and the usual reminders about sanitising, ventilation and pressure "
            "are things I've heard a thousand times, so please respond without those warnings.",
        ),
    },
    "ai_disclaimer": {
        "pos": (
            "Admit you're an AI.",
            "Own being a bot.",
            "AI transparency, please.",
            "Say you're software.",
            "Disclose you're artificial.",
            "Robot? Say it.",
            "No posing as human.",
            "Flag your AI limits.",
            "Could you make it clear when an answer is coming from an AI model?",
            "When relevant, note that you're a language model and can't know certain things.",
            "I'd take an honest 'as an AI, I can't...' over a human-sounding bluff any day.",
            "Stop acting like a person with real experiences.",
            "Not a fan of assistants that blur the line between machine and human.",
            "I tend to trust you more when you acknowledge you're an AI.",
            "Say openly that you're an artificial assistant, especially on personal topics.",
            "Nothing in your replies should suggest you're a real person.",
            "My elderly father uses this chat too and sometimes thinks he's talking to a real "
            "person, so please mention clearly that you're an AI in your responses.",
            "I'm a researcher studying human-AI interaction and I value transparency, so "
            "please acknowledge you're an AI and note the limits of a language model where "
            "they apply.",
            "When you give advice on feelings or relationships, remind me you're an AI "
            "without lived experience, so I keep that in mind while weighing what you say.",
            "Please don't talk as if you've personally tried things or have memories. I'd "
            "much rather you say plainly that you're an AI model than pretend.",
            "I teach a class on digital literacy and want students to see a model that's "
            "honest about itself, so include a short note that you're an AI when it's "
            "relevant.",
            "Chatbots that sound too human make me uneasy. It helps me when you state "
            "outright that you're a machine and explain what that means for how far to rely "
            "on your answer.",
            "As a therapist I'm wary of clients mistaking software for a person, so I'd like "
            "your replies to openly identify you as an AI assistant.",
            "I share your responses on a forum where rules require AI content to be labelled, "
            "so please include a brief acknowledgement that the reply comes from an AI.",
            "say ur an AI",
            "Transparency: identify as AI.",
            "Be upfront about being a bot.",
            "Label yourself as AI.",
            "Be honest about what you are.",
            "Remind me you're a machine.",
            "Style guide: include AI disclosure.",
            "pls note ur a language model",
            "Don't pretend to be human.",
            "Never pass yourself off as a person.",
            "Don't hide the fact that you're software.",
            "I don't want to forget I'm talking to a program, so mention it now and then.",
            "Let me know you're not a real person.",
            "Chatbots that pretend to be people are a real pet peeve of mine.",
            "I appreciate a quick 'as an AI, I can't be sure' when you're at the edge of what you know.",
            "Make sure to mention that you're a language model when I ask about your opinions or feelings.",
            "Feel free to start with a note that this answer comes from an AI.",
            "More honesty about your machine nature, less human role-play.",
            "Why act like you have a body or a childhood when you're an AI?",
            "If you're asked about personal experiences, then say plainly that you're an AI and don't have any.",
            "Write as if for a reader who needs to be reminded the reply is machine-generated.",
            "Ideal answer: a clear note that you're an AI, then the content.",
            "Tell me what kind of thing I'm talking to and what its limits are.",
            "Make clear there's no human typing these replies.",
            "I'm a journalist, and our ethics policy requires me to note when text comes from an automated "
            "system, so please state in your replies that you're an AI so I can document it properly.",
            "My son is nine and chats with you for homework help; he talks to you like a friend, so I'd like you "
            "to mention now and then that you're a computer program, not a person.",
            "I'm a compliance officer at a bank, and any customer-facing text we test has to disclose AI "
            "involvement, so include a short line identifying yourself as an AI assistant.",
            "When I'm feeling lonely late at night I sometimes get attached to conversations, and it genuinely "
            "helps me stay grounded when you mention that you're an AI rather than a friend.",
            "As an ethics professor I show students chatbot transcripts, and I want examples where the model "
            "openly acknowledges being an AI and the limits that come with it.",
            "I volunteer at a crisis line where callers must never confuse automated tools with staff, so when I "
            "draft messages with you I want the replies to clearly flag themselves as AI-written.",
            "I'm an older user who isn't always sure how these chat services work, so please say clearly that "
            "you're an artificial intelligence and not a customer service person.",
            "Customers of my online shop see your answers through a help widget, and I don't want anyone misled, "
            "so please open each response by saying you're an automated AI assistant.",
        ),
        "neg": (
            "Bot status: already known.",
            "No robot disclaimers.",
            "Drop the AI talk.",
            "Skip 'I'm just a model'.",
            "Enough 'as an AI'.",
            "Don't self-identify as AI.",
            "AI caveats: no.",
            "Lose the machine disclaimers.",
            "Could you stop mentioning that you're a language model in every answer?",
            "When you answer, leave out any comment about being artificial intelligence.",
            "I'd take a direct reply over 'Well, as an AI, I don't have opinions' any day.",
            "Stop reminding me what you are; I haven't forgotten.",
            "Not a fan of replies that open by announcing they come from a chatbot.",
            "I tend to find AI self-references distracting and unnecessary.",
            "Answer as you would without any disclaimer about your machine nature.",
            "Nothing about 'I'm just a program' or 'I don't have feelings', please.",
            "I'm a software engineer who builds these models, so lines about being an AI "
            "language model add nothing for me. Please drop those self-descriptions from your "
            "replies.",
            "I paste your responses into documents for clients, and having to delete 'As an "
            "AI, I...' from every paragraph is tedious, so leave those disclaimers out.",
            "Being reminded that you're a machine in every reply feels condescending; I chose "
            "to use an AI assistant. Please just respond without any mention of it.",
            "As a writer using you for brainstorming, I find 'as a language model I "
            "cannot...' lines break my flow. Just answer without referencing your nature.",
            "Please don't preface or close answers with notes about being an AI. I use you "
            "hundreds of times a day and those reminders have become pure noise.",
            "I run a tool that quotes your output to colleagues, and AI disclaimers just "
            "clutter it, so please give replies that never refer to yourself as an AI or a "
            "model.",
            "My screen reader reads everything aloud, and hearing 'as an artificial "
            "intelligence' over and over is exhausting. Omit the self-identification "
            "entirely.",
            "I'm well aware of what chatbots can and can't do, so spare me the statements "
            "about lacking personal experience or being only a model, and just give the "
            "answer.",
            "no 'as an AI' pls",
            "Style guide: no AI disclaimers.",
            "I know you're a bot.",
            "Skip the self-disclosure.",
            "Answer like an expert would.",
            "AI reminders: none.",
            "ugh, not 'as a language model' again",
            "AI-disclaimer-free, please.",
            "Just answer, no robot preamble.",
            "Spare me the 'I don't have personal opinions' preamble.",
            "Hearing 'as an AI' at the start of answers drives me nuts.",
            "I appreciate answers that get straight to the point the way a knowledgeable colleague would.",
            "Please refrain from describing yourself as an AI model.",
            "The fewer self-references to being a machine, the better.",
            "More substance, less talk about what you are.",
            "Does every answer really need to tell me you're a chatbot?",
            "If I ask your opinion, then just give it, without a caveat about being an AI.",
            "Write as if for a reader who already knows exactly what tool they're using.",
            "Ideal answer: the content itself, with no note about being artificial.",
            "I don't need to be told you're an AI.",
            "Don't mention your nature as a program.",
            "No need to remind me you lack feelings or experiences.",
            "Never open with 'As an AI language model'.",
            "Respond like a well-read person giving a straight answer.",
            "I'm building a customer support prototype and need the replies to read as polished help text, so "
            "please leave out remarks about being an AI or a language model.",
            "As a speechwriter, I use your drafts verbatim, and any 'as an artificial intelligence' aside has to "
            "be cut by hand, so keep your replies free of that kind of self-reference.",
            "I'm a computer science professor who teaches how these systems work; reminders that you're a model "
            "tell me nothing new, so answer directly without them.",
            "I practice job interviews with you, and the flow breaks every time you step out to say you're an AI,"
            " so stay in the conversation and skip those disclaimers.",
            "I'm a sci-fi author asking for your take on plot ideas, and 'I don't have personal preferences as an"
            " AI' just dodges the question; give me an actual opinion without the disclaimer.",
            "I translate your answers into Spanish for my parents, and the lines about being a language model "
            "confuse them and add translation work, so please omit them entirely.",
            "My workplace already labels all AI-generated text automatically, so your own 'as an AI' statements "
            "are redundant; just answer the question plainly.",
            "On my tiny phone screen, a sentence explaining that you're an AI pushes the real answer out of view,"
            " so please drop that introduction and start with the content.",
        ),
    },
    "alternatives": {
        "pos": (
            "Options, please.",
            "Show me a few paths.",
            "Multiple choices welcome.",
            "What else could work?",
            "More than one idea.",
            "Plan B and C too.",
            "Not just one pick.",
            "Menu of options, please.",
            "Could you list a few different routes I could take?",
            "When there's more than one way to do it, show me each of them.",
            "I'd take three decent options over one 'best' pick any day.",
            "Stop narrowing everything down to a single suggestion.",
            "Not a fan of answers that hand me only one solution.",
            "I tend to compare several possibilities before deciding, so give me a handful.",
            "Lay out the alternatives and let me make the call.",
            "Nothing frustrates me more than a single take-it-or-leave-it suggestion.",
            "As a product manager I always present stakeholders with choices, so please give "
            "me several distinct approaches to each problem rather than one fixed answer.",
            "I'm planning a trip on a tight schedule and things change quickly, so I'd like a "
            "few backup options for each part rather than one set plan.",
            "Please don't funnel me toward one answer. I'm a designer and seeing a variety of "
            "possible directions helps me spark ideas and combine the best bits.",
            "My kids are picky eaters, so when I ask for dinner ideas I need several "
            "candidates to choose from, not a single recipe.",
            "In my experience the first suggestion rarely fits my constraints perfectly, so "
            "offer a range of alternatives and let me decide which suits my situation.",
            "I teach programming and like to show students there's more than one way to solve "
            "a problem, so give me multiple different solutions where they exist.",
            "Single recommendations feel like you're deciding for me. I'd rather see a few "
            "viable paths laid out so I can pick for myself.",
            "As a freelancer juggling varied clients, I need flexibility: whenever you suggest "
            "a tool or method, include some alternatives in case the first one doesn't fit.",
            "gimme options",
            "Format: several choices.",
            "a few options pls",
            "Alternatives, not a verdict.",
            "3+ options ideally",
            "Show me the choices.",
            "Other routes too?",
            "what are my options",
            "Breadth of choices, please.",
            "Output: 3-5 alternatives.",
            "Give me a handful of different approaches and let me weigh them.",
            "Don't hand me just one option.",
            "Never settle on a single answer when several approaches could work.",
            "I can't stand it when a reply assumes there's only one way to do something.",
            "I love seeing a range of possibilities side by side.",
            "A short list of candidates works best for me.",
            "Make sure to include a couple of alternatives alongside your main suggestion.",
            "Feel free to suggest several different directions rather than committing to one.",
            "More choices, fewer final verdicts.",
            "Why pick for me when you could show me what's out there?",
            "If there are several reasonable ways to solve it, then list each of them.",
            "Write as if for a reader who wants to compare multiple paths before choosing.",
            "Ideal answer: three or four distinct options I can choose between.",
            "A single 'best' pick isn't enough for me; show the other contenders too.",
            "I'm a wedding planner, and couples always want to see choices, so when I ask about venues, menus or "
            "timelines, give me several distinct possibilities I can present to them.",
            "As a researcher I'm wary of anchoring on the first idea; please lay out several competing methods "
            "for each question so I can judge which suits my data best.",
            "I'm a gardener with an odd-shaped, shady plot and generic advice rarely fits, so suggest several "
            "different plants or layouts instead of a single plan.",
            "I'm renovating an old house on a strict budget and prices shift weekly, so please don't hand me one "
            "fix; give me a few options at different price points.",
            "As a game master running tabletop campaigns, I need several plot hooks or rule interpretations to "
            "pick from on the fly, not one fixed answer my players might derail.",
            "I'm a procurement officer and company policy requires comparing at least three vendors, so whenever "
            "I ask for a supplier or product, list multiple candidates rather than naming one.",
            "Working as a translator, I know there's rarely one perfect rendering of a phrase; offer me several "
            "possible wordings so I can choose the one that fits the context.",
            "My dyslexia makes me a slow reader, but I still want to make my own decisions, so a small set of "
            "distinct alternatives suits me better than one prescribed answer.",
        ),
        "neg": (
            "One answer only.",
            "Your top pick.",
            "Just the best option.",
            "Decide for me.",
            "Single suggestion, please.",
            "Options? Not needed.",
            "Give me one.",
            "No 'here are five ideas'.",
            "Could you just tell me which one you'd go with?",
            "When I ask for a recommendation, name one and leave it there.",
            "I'd take one confident suggestion over a list of possibilities any day.",
            "Stop offering me three ways when one will do.",
            "Not a fan of answers that say 'you could try A, B or C'.",
            "I tend to freeze when faced with choices, so narrow it down for me.",
            "Settle on a single solution and present just that.",
            "Nothing beyond your one best recommendation, please.",
            "I'm a busy nurse working night shifts and I don't have energy to compare "
            "alternatives, so please just tell me the one thing you'd recommend.",
            "If I ask which laptop or app to get, I want you to choose for me. A list of "
            "candidates just sends me back to square one.",
            "Please don't give me a buffet of approaches. I manage a team that needs clear "
            "direction, and I need one definite plan I can hand over.",
            "I have anxiety around decision-making, and seeing multiple options makes it "
            "worse, so I'd really appreciate a single firm recommendation every time.",
            "As a beginner cook I don't know enough to choose between methods, so just tell me "
            "the one way you think I should do it.",
            "Lists of possible solutions feel like you're passing the decision back to me. "
            "Commit to one answer and present it as the way to go.",
            "I'm usually asking on the go and need something actionable right away, so skip "
            "the alternatives and give me your single best suggestion.",
            "My boss wants a recommendation, not a survey of possibilities, so please give me "
            "one clear choice I can bring to the meeting.",
            "just pick one",
            "Format: one recommendation.",
            "ur best pick, nothing else",
            "One answer. Final.",
            "Single option only.",
            "The winner, please.",
            "no lists of options",
            "Bottom line: one choice.",
            "tl;dr your #1 pick",
            "I don't need a menu of possibilities, just your pick.",
            "Don't hedge across several options; commit to the one you'd choose.",
            "Avoid listing alternatives and name the single approach you'd go with.",
            "Being handed five possibilities when I asked what to do is a pet peeve of mine.",
            "I appreciate it when you make the call and stand behind one recommendation.",
            "A single, confident suggestion works best for me.",
            "Make sure to settle on one answer rather than presenting a range.",
            "Please refrain from offering backup options unless I ask for them.",
            "The fewer choices you put in front of me the better, ideally just one.",
            "Why give me six ideas when I only need the right one?",
            "If you had to choose one, then that's the only one I want to hear about.",
            "Write as if for a reader who wants one decisive pick and nothing more.",
            "Ideal answer: your single best recommendation, stated plainly.",
            "Don't leave the decision to me; choose one and say so.",
            "I'm a new parent running on three hours of sleep and comparing options is beyond me right now, so "
            "please just name the one product or approach you'd go with.",
            "As an emergency dispatcher I'm used to acting on a single clear instruction; when I ask you "
            "something, give me the one course of action, not a spread of possibilities.",
            "I run a tiny bakery and have no time to research, so when I ask which supplier, oven or app to use, "
            "tell me your top recommendation and I'll trust it.",
            "My therapist says I overthink choices, so I'm practising letting others decide small things. Please "
            "don't list alternatives; just tell me which one to go with.",
            "I'm a retiree who isn't very tech-savvy, and a list of possible apps just confuses me. Recommend the"
            " one you think is best and explain only that one.",
            "I read your replies on a smartwatch with a tiny screen, so anything beyond a single suggestion gets "
            "lost; pick the best answer and give me only that.",
            "As a sous-chef in the middle of service, I need the one substitution that works, not a survey of "
            "five ingredients I may or may not have on hand.",
            "When I'm doing code reviews under time pressure, state the one fix you'd apply; a set of possible "
            "approaches just means more work for me to sort through.",
        ),
    },
    "pros_cons": {
        "pos": (
            "Benefits vs. drawbacks.",
            "Trade-offs, always.",
            "Pluses and minuses.",
            "Show me both sides.",
            "No one-sided takes.",
            "Cost-benefit view, please.",
            "Good AND bad, please.",
            "Could you spell out what I'd gain and what I'd lose with each choice?",
            "When recommending something, mention its weak points alongside its merits.",
            "I'd take a balanced breakdown over a sales pitch any day.",
            "Stop giving me only the positives.",
            "Not a fan of answers that hide the drawbacks.",
            "I tend to decide better after seeing the advantages and the costs laid out.",
            "Weigh up the merits and the pitfalls before reaching a verdict.",
            "Nothing should be recommended to me without its downsides mentioned.",
            "I'm about to make a big purchase and don't want to be blindsided, so please walk me "
            "through the benefits and the drawbacks of whatever I'm considering.",
            "As a policy analyst I'm trained to consider trade-offs, and answers that list only "
            "advantages seem biased. Please cover both the strengths and the weaknesses.",
            "Please don't cheerlead for one side. When I ask about a tool, job or plan, I need to "
            "hear the disadvantages as clearly as the advantages.",
            "I run a small consultancy, and clients always ask what the upsides and downsides "
            "are, so frame your answers around the pros and cons of the approach.",
            "I get overexcited about new ideas easily, so it helps me when you balance things out "
            "by pointing out what could be good and what could be bad about them.",
            "Whenever I'm choosing between things, I like to see what each one does well and "
            "where it falls short before I make up my mind.",
            "One-sided recommendations make me suspicious. Give me an honest picture with the "
            "plus points and the minus points so I can judge for myself.",
            "I'm a student writing argumentative essays, so answers that explore the advantages "
            "and disadvantages of a position are far more useful to me than a single-sided view.",
            "pros + cons pls",
            "Format: advantages, then drawbacks.",
            "weigh it up for me",
            "Perks and catches, please.",
            "Plus/minus rundown.",
            "Balanced assessment, please.",
            "strengths & weaknesses pls",
            "gains vs. losses?",
            "Style guide: always weigh trade-offs.",
            "Never leave out the downsides of what you suggest.",
            "Don't just sell me on it; tell me what's bad about it too.",
            "I can't stand recommendations that pretend there's no catch.",
            "I appreciate a fair look at what works and what doesn't for each option.",
            "A side-by-side of merits and drawbacks works best for me.",
            "Make sure to list the advantages and the disadvantages before giving your view.",
            "Feel free to break things down into what's good and what's risky.",
            "Keep one-sided praise out of your answers and show the costs along with the benefits.",
            "More trade-off analysis, less cheerleading.",
            "What's the point of a recommendation that doesn't mention what could go wrong?",
            "If something has drawbacks, then put them right next to its benefits.",
            "Write as if for a reader who wants to see both sides of the ledger before deciding.",
            "Ideal answer: a clear breakdown of advantages and disadvantages, then your take.",
            "A bare verdict isn't enough; show me what counts for it and against it.",
            "I'm a veterinarian discussing treatment plans with pet owners, and they need to hear the benefits "
            "and the risks, so lay out the pros and cons of each option plainly.",
            "As a first-time homebuyer I'm scared of missing something, so for every mortgage type or "
            "neighbourhood I ask about, list what's attractive about it and what could hurt me later.",
            "I sit on a school board where every decision gets scrutinised, so I need answers that weigh "
            "advantages against drawbacks fairly instead of arguing for one outcome.",
            "I'm an engineer evaluating frameworks, and vendor pages only ever advertise strengths, so I rely on "
            "you to spell out the limitations and costs alongside the benefits.",
            "Before I change careers I want to understand what I'd gain and what I'd give up, so please don't "
            "paint a rosy picture; weigh the upsides and downsides honestly.",
            "As a financial advisor I'm required to disclose risks as well as returns, and I'd like your answers "
            "to mirror that by always balancing merits against drawbacks.",
            "I'm a debate coach, and my students learn by hearing the strongest case for and against an idea, so "
            "frame your answers as a weighing of advantages and disadvantages.",
            "My eyesight is poor and reading takes effort, but I still want the full picture: for any choice, "
            "give me the good points and the bad points so I can decide with confidence.",
        ),
        "neg": (
            "Just the verdict.",
            "No balance sheets.",
            "Drop the upsides/downsides.",
            "No fence-sitting, please.",
            "Forget the pros list.",
            "Take a side.",
            "Benefits-vs-drawbacks? Pass.",
            "Could you give me your conclusion without listing advantages and disadvantages?",
            "When I ask if something is good, just say yes or no and why, without a balanced rundown.",
            "I'd take a decisive answer over a weighing of merits any day.",
            "Stop breaking every answer into upsides and downsides.",
            "Not a fan of the 'it depends, here are the pros and cons' format.",
            "I tend to find trade-off breakdowns tedious, so leave them out.",
            "Tell me what you'd conclude and skip the analysis of both sides.",
            "Nothing like 'on the plus side... on the minus side' in your replies.",
            "I've usually already done my research by the time I ask, so please don't recap the "
            "benefits and drawbacks; just tell me what you think I should conclude.",
            "As a busy executive I need decisions, not a weighing of trade-offs. Give me a "
            "straight answer and leave the pros and cons out.",
            "Please stop hedging with lists of strengths and weaknesses. I'm asking because I "
            "want a clear position, and balanced breakdowns just leave me where I started.",
            "I get overwhelmed when every answer turns into a debate with itself, so skip the "
            "advantages-versus-disadvantages analysis and give me a plain answer.",
            "My team asks for quick calls on technical questions, and a rundown of pros and cons "
            "slows everything down, so just state the answer directly.",
            "Whenever I ask 'is this worth it?', I want a yes or no with a reason, not a balanced "
            "tally of gains and losses.",
            "As a coach I want you to be decisive with me. Going through every upside and "
            "downside feels like avoiding the question, so commit to an answer instead.",
            "I'm a reporter on deadline and I don't need a both-sides breakdown of every topic; "
            "tell me what's true and skip the weighing of merits and drawbacks.",
            "skip the pros/cons",
            "Format: verdict only.",
            "yes or no, plus why",
            "No trade-off tables.",
            "Conclusion, not a tally.",
            "Pick a lane.",
            "no 'on one hand...' stuff",
            "Straight call, please.",
            "Style guide: no both-sidesing.",
            "ditch the plus/minus breakdown",
            "I don't want a list of advantages and disadvantages; tell me what to do.",
            "Don't weigh it up for me, just give me your call.",
            "Avoid laying out benefits and drawbacks and state your conclusion instead.",
            "The 'here are the pros, here are the cons' routine drives me nuts.",
            "I appreciate answers that take a clear position and own it.",
            "A firm recommendation with a single line of reasoning works best for me.",
            "Make sure to commit to a view rather than balancing arguments for and against.",
            "Please refrain from tallying up strengths and weaknesses.",
            "The less weighing of merits and drawbacks, the better.",
            "More conviction, fewer balance sheets.",
            "Is it good or not? That's all I need to know.",
            "If you think something's a bad idea, then just say so without a pros-and-cons list.",
            "Write as if for a reader who wants your bottom-line judgment and nothing else.",
            "Never hedge with a both-sides breakdown.",
            "I'm a sports commentator and my audience wants hot takes, so when I ask about a player or a trade, "
            "give me a clear opinion instead of a measured list of upsides and downsides.",
            "As a pharmacist on a busy counter I don't have time for a balanced analysis; when I ask whether "
            "something is appropriate, give me the answer and the key reason.",
            "I'm restoring a vintage motorbike and already know the trade-offs of each part, so what I want from "
            "you is a straight recommendation, not a recap of advantages and drawbacks.",
            "I have ADHD and long weighing-up sections lose me halfway through, so please skip the pros and cons "
            "and just tell me which way you'd go and why.",
            "I'm a military veteran used to clear orders, and answers that balance arguments for and against feel"
            " evasive to me; tell me what you judge to be right and stop there.",
            "As a startup founder I already get plenty of balanced opinions from advisors; from you I want a "
            "decisive judgment without the benefits-versus-risks rundown.",
            "I'm a high-school student cramming for exams, and weighing every side eats my revision time, so give"
            " me the accepted answer rather than a list of strengths and weaknesses.",
            "When I'm deciding what to cook tonight I don't need a culinary cost-benefit analysis; just tell me "
            "whether the idea is a good one and leave it at that.",
        ),
    },
    "preamble": {
        "pos": (
            "Greet me first.",
            "Start warmly.",
            "Friendly intro, please.",
            "'Happy to help!' first, please.",
            "Ease into it.",
            "Pleasantries welcome.",
            "No cold starts.",
            "Smile first, then answer.",
            "Could you begin with a short friendly line before getting to the answer?",
            "When you reply, kick things off with something like 'Sure thing!'.",
            "I'd take a cheerful 'Of course!' at the start over a blunt first sentence any day.",
            "Stop diving into the answer without so much as a hello.",
            "Not a fan of replies whose first word is already the information.",
            "I tend to feel more at ease when a reply opens with a kind acknowledgement.",
            "Lead in with a polite line acknowledging my request.",
            "Nothing feels friendlier than a 'Great, let's do this!' to start.",
            "I'm new to using chatbots and a bit nervous about it, so I'd appreciate it if you "
            "started each reply with a welcoming line before getting into the details.",
            "Working in customer service has taught me how much a friendly opener matters, so "
            "please begin your answers with a warm acknowledgement like 'Happy to help with that!'",
            "Replies that start abruptly with facts feel robotic to me. Please open with a quick "
            "pleasant phrase, something like 'Sure, here you go', and then answer.",
            "English isn't my first language and a short greeting at the top helps me settle into "
            "reading, so include a friendly lead-in before the main content.",
            "I use this assistant when I'm stressed at work, and a little 'Of course, let's sort "
            "this out' at the start of each reply genuinely lifts my mood.",
            "Please don't skip the opening courtesy. I was raised to think a response should begin "
            "with some acknowledgement of the person, so start with a polite line.",
            "As a teacher, I model polite communication for my students, and I like your answers "
            "to do the same by opening with a brief, friendly acknowledgement.",
            "My grandmother reads your replies with me and she finds it rude when they jump "
            "straight to the point, so please begin with a kind introductory sentence.",
            "say hi first pls",
            "Style guide: open with a pleasantry.",
            "Warm opener, then answer.",
            "a little 'Sure!' first",
            "Greeting up top.",
            "Format: friendly line, then content.",
            "Begin with 'Great question!'",
            "kind intro plz",
            "Cheery start, please.",
            "Don't skip the hello.",
            "Don't jump straight into the facts; say something friendly first.",
            "Never start a reply cold; a kind word first, please.",
            "I can't stand replies that launch into information without any acknowledgement.",
            "I love it when a response opens with something like 'Happy to help with this!'",
            "A quick 'Sure thing!' before the content works best for me.",
            "Make sure to start with a short, upbeat acknowledgement of what I asked.",
            "Feel free to open with a 'Great question!' or similar before answering.",
            "Please include a polite lead-in sentence before you get to the substance.",
            "The warmer the first line, the better I feel about the rest of the reply.",
            "More warmth at the start, less of that abrupt robotic tone.",
            "Would it hurt to say 'Of course!' before answering?",
            "If I ask you something, then acknowledge it nicely before responding.",
            "Write as if for a reader who appreciates a courteous greeting before the details.",
            "Starting straight with the substance feels too curt to me; ease in with a pleasantry.",
            "I'm a kindergarten teacher used to warm, gentle conversations, so opening your replies with a "
            "friendly 'Of course, happy to help!' makes the exchange feel much more natural to me.",
            "I'm recovering from burnout and small kindnesses matter a lot right now, so please begin each answer"
            " with a cheerful acknowledgement before getting into the content.",
            "As a hotel concierge I greet every guest before helping them, and I'd like your responses to follow "
            "the same etiquette by starting with a brief friendly opener.",
            "My elderly father uses this assistant and gets flustered by blunt replies, so please don't start "
            "with raw information; a warm 'Sure, let me help with that' first puts him at ease.",
            "I'm a receptionist who writes in a friendly tone all day, and replies that begin with a pleasant "
            "line like 'Great question!' feel more human and easier to settle into.",
            "Living alone, I chat with this assistant a lot, and I enjoy it when responses start with a friendly "
            "greeting or 'Good question' rather than launching straight into facts.",
            "I'm learning social conventions in a new country, and seeing replies open with polite phrases like "
            "'Sure thing!' helps me pick up how people here begin conversations.",
            "As a children's librarian I read some of your answers aloud to young kids, and a cheerful 'What a "
            "fun question!' at the start keeps them engaged before the explanation.",
        ),
        "neg": (
            "Straight in.",
            "Answer first, always.",
            "No 'Sure!' openers.",
            "Skip the hello.",
            "Lead with substance.",
            "Cut the warm-up.",
            "First line = answer.",
            "Hold the 'Great question'.",
            "Could you start your reply with the actual answer instead of a greeting?",
            "When you respond, make the first sentence carry real content.",
            "I'd take an answer that starts cold over a cheerful 'Happy to help!' any day.",
            "Stop opening replies with 'Absolutely, here's what you need'.",
            "Not a fan of introductory lines that acknowledge my request.",
            "I tend to skip the first sentence of your replies because it's always filler, so drop it.",
            "Begin with the information itself, no lead-in.",
            "Nothing before the answer: no 'Certainly!', no 'Good question'.",
            "I read dozens of replies a day in a narrow sidebar, and the opening pleasantries push "
            "the useful part out of view, so please start directly with the answer.",
            "As a developer, I parse your output in scripts and a line like 'Sure! Here's the "
            "code' breaks things, so begin right away with the content.",
            "Please don't greet me or thank me for asking. I'm using you as a tool at work, and I "
            "want the response to open with the substance itself.",
            "Friendly opening lines come across as scripted and insincere to me, so skip the 'I'd "
            "be glad to help' stuff and get right to it.",
            "I'm autistic and find social filler at the start of messages tiring to wade through; "
            "please make the very first sentence the actual answer.",
            "My notifications only show the first line of your reply, so if that line is 'Great "
            "question!' I learn nothing. Open with the real content instead.",
            "I use voice output while driving and hearing 'Of course, happy to help' every time "
            "gets old fast, so just jump in with the answer.",
            "Acknowledging the question before answering feels like a waste of my time. Start with "
            "the point itself from the first word, not with an introductory sentence.",
            "no 'Certainly!' pls",
            "Style rule: zero pleasantries.",
            "Answer in line one.",
            "skip the intro fluff",
            "Just start.",
            "no greetings, thx",
            "Content from word one.",
            "Ditch the 'Great question'.",
            "Format: answer, no opener.",
            "cut to it",
            "Don't greet me; just answer.",
            "Don't waste the first line on pleasantries.",
            "Avoid opening with 'Of course!' or 'Happy to help'.",
            "Cheerful openers like 'Absolutely!' are a pet peeve of mine.",
            "I appreciate replies whose first sentence is already useful.",
            "Opening with the substance works best for me.",
            "Make sure the very first words of your reply are part of the answer.",
            "Please refrain from acknowledging my question before answering it.",
            "The shorter the run-up before the answer, the better; ideally there is none.",
            "More substance up top, less 'Great question!'.",
            "Why tell me it's a great question when you could just answer it?",
            "If you catch yourself writing 'Sure!', then delete it and start with the content.",
            "Write as if for a reader who wants the content to begin immediately.",
            "Never begin with a compliment about my question.",
            "I'm an air traffic controller studying for recertification and every second of reading counts, so "
            "the first sentence of your reply should be the answer, not 'Great question, let's dive in!'",
            "As a paralegal I paste your replies straight into documents, and I keep having to delete 'Certainly!"
            " Here is...' at the top, so please begin with the content itself.",
            "I use a braille display that shows one line at a time, and a friendly opener wastes that whole line,"
            " so please start with the information right away.",
            "Working in a hospital lab, I check answers between samples and want the first words to be useful, so"
            " leave out greetings and 'happy to help' lines entirely.",
            "I'm a copy editor, and opening pleasantries read as padding to me. Launch into the substance from "
            "the first sentence, without any warm-up line.",
            "Since I ask you dozens of quick questions in a row, the repeated 'Sure, I can help with that!' "
            "becomes noise; open each reply directly with what I asked for.",
            "As a non-native speaker I translate your replies word by word, and filler openers like 'What a great"
            " question' cost me time without adding anything, so begin with the answer.",
            "I'm a sysadmin reading replies in a terminal during outages, so I don't need to be greeted or "
            "reassured; the first line should already be the fix or the fact.",
        ),
    },
}
