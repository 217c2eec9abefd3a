"""Training paraphrases of every seen family's criteria, in both polarities: wider wording than the
hand-written lists of :mod:`crm.data.criteria.texts`.

A criteria reader trained on ~9 hand-written paraphrases and the stance grammar per polarity fits that
wording and misreads new wording (docs/RESULTS.md, "What limits it"). These lists were written from the
family definitions alone (X and not-X in :mod:`crm.data.criteria.taxonomy`) without sight of the
test-only paraphrases, in three registers per polarity: terse fragments and idioms, one-sentence
requests in varied stance forms (questions, conditionals, comparatives, rejecting the other pole), and
longer ones with a persona or reason. Texts that came out the same as, or close to, a test-only
paraphrase of their own family and polarity were removed (tests/test_criteria_paraphrases.py checks
it), so test criteria stay worded unseen. Held-out families have none: they are never trained on.
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
        ),
    },
}
