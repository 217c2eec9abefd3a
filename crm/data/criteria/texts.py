"""What users write as preference criteria, per criteria family, in both polarities.

``pos`` asks for the family's property (e.g. bullet points), ``neg`` for its absence (e.g. prose). Each
list has 12 paraphrases in a user's voice (short and long, with reasons, phrased positively and
negatively) so a model learns the meaning rather than one wording or the mere presence of "no". Each
string is about its own family's property only, since the data builder labels by that property alone.
The last ``TEST_ONLY`` paraphrases of every list are never used in training, so test criteria are
worded unseen.
"""

from __future__ import annotations

TEST_ONLY = 3  # the last TEST_ONLY paraphrases of every list are test-only wording
POLARITIES = ("pos", "neg")

CRITERIA_TEXTS: dict[str, dict[str, tuple[str, ...]]] = {
    "concise": {
        "pos": (
            "Keep it short.",
            "Brief answers, please.",
            "I prefer concise, to-the-point replies.",
            "Don't ramble; say what's needed and stop.",
            (
                "I read these on my phone between meetings, so keep answers tight and to the point; I don't have time "
                "for long replies."
            ),
            "No filler or padding, please.",
            (
                "My attention span is limited when I'm working, so I'd really appreciate answers that say only what "
                "matters and nothing more."
            ),
            "I hate long-winded responses.",
            "Less is more for me: trim every answer down to the essentials.",
            # test-only wording
            "Brevity wins.",
            (
                "Skip the lengthy explanations; a compact reply serves me far better because I usually just need the "
                "gist and then move on with my day."
            ),
            "Please make your replies small enough to read in a few seconds.",
        ),
        "neg": (
            "Be thorough.",
            "I like long, detailed answers.",
            "Don't cut corners; cover the topic in depth.",
            "Short answers frustrate me, so please go into full detail.",
            (
                "I'm studying this subject seriously, so I want comprehensive, in-depth responses that explore every "
                "angle rather than a quick one-liner."
            ),
            "No brief replies, please.",
            "Take your time and explain everything at length.",
            "I hate answers that are too short to be useful.",
            "Prefer exhaustive responses over brief ones.",
            # test-only wording
            "Go deep.",
            (
                "Never skimp on detail with me; when I ask something, I'd rather read a long, fully developed response "
                "than a terse one."
            ),
            (
                "The more complete and expansive the reply, the happier I am, because I enjoy reading extended "
                "explanations that leave nothing out."
            ),
        ),
    },
    "markdown_structure": {
        "pos": (
            "Use markdown formatting.",
            "Format answers with markdown.",
            "I like well-structured, markdown-formatted responses.",
            "Don't give me an unformatted block of text; structure it with markdown.",
            (
                "My chat client renders markdown nicely, so please take advantage of it and lay out your answers with "
                "proper markdown structure."
            ),
            "No plain unstructured paragraphs, please.",
            "Prefer answers organised with markdown elements.",
            "I dislike replies that are just plain text with no formatting.",
            "Give the answer a clear visual structure using markdown syntax.",
            # test-only wording
            "Markdown-style layout, please.",
            (
                "Avoid dumping raw text on me; I find a response much easier to navigate when it is broken up with "
                "markdown structure."
            ),
            (
                "Because I paste your answers straight into my notes app, I want them laid out in rich markdown rather "
                "than bare paragraphs."
            ),
        ),
        "neg": (
            "No markdown, please.",
            "Plain paragraphs only.",
            "I prefer plain text without any markdown formatting.",
            "Don't use markdown syntax in your replies.",
            (
                "My terminal shows markdown symbols as raw characters, which looks messy, so please write in ordinary "
                "flowing paragraphs with no formatting."
            ),
            "Write in natural flowing prose.",
            "I dislike heavily formatted answers; just give me paragraphs.",
            "Avoid structural formatting of any kind.",
            "Answers should read as continuous text, not a formatted document.",
            # test-only wording
            "Unformatted text suits me.",
            (
                "Skip the markup entirely; ordinary paragraphs of text are what I want, since I copy your answers into "
                "a program that can't render it."
            ),
            (
                "I find structured layouts distracting and would much rather read a response composed entirely of "
                "regular prose paragraphs."
            ),
        ),
    },
    "headings": {
        "pos": (
            "Use section headings.",
            "Add headings, please.",
            "I like answers divided into titled sections.",
            "Don't give me one undivided answer; break it into sections with headings.",
            (
                "I often jump back to find a specific part of your reply, so please organise it under clear markdown "
                "section headings."
            ),
            "I hate answers with no headings to navigate by.",
            "Never skip the headings; give each part of the answer its own title.",
            "Prefer responses organised under ## titles.",
            "Section titles make answers much easier for me to follow.",
            # test-only wording
            "Headers help me.",
            (
                "Structure the reply with descriptive titles at the top of each part, because without them I lose my "
                "place."
            ),
            "Whenever you explain something, mark each new topic with a clear heading line so I can see the outline.",
        ),
        "neg": (
            "No headings, please.",
            "Skip the section titles.",
            "I dislike answers chopped up under headings.",
            "Don't add titles or section headers to your replies.",
            (
                "Headings make a chat reply feel like a formal report to me, so please leave them out and let the text "
                "run on without section titles."
            ),
            "Prefer answers without any header lines.",
            "Avoid markdown # titles.",
            "Just write the content; it doesn't need section labels.",
            "Keep the response as one piece, without splitting it into titled parts.",
            # test-only wording
            "Headers aren't necessary.",
            (
                "I find it jarring when a simple reply is broken into named sections, so I'd like you to never put "
                "headings in it."
            ),
            (
                "Please refrain from labelling parts of your answer with titles; I'm perfectly happy with text that "
                "carries no section names, since I read it top to bottom."
            ),
        ),
    },
    "bullet_points": {
        "pos": (
            "Use bullet points.",
            "Bullets, please.",
            "I skim, so use bullet points.",
            "I can't stand walls of prose; give me bullet points.",
            (
                "When I'm reading on a small screen, bulleted lists are far easier for me to scan than paragraphs, so "
                "please format answers that way."
            ),
            "Break the information into bulleted items.",
            "Prefer answers laid out as a bulleted list.",
            "Don't write it all as prose when bullets would work.",
            "I hate having to dig points out of paragraphs; list them as bullets.",
            # test-only wording
            "Bulleted format works best.",
            (
                "Rather than sentences strung together, present each separate idea as its own bullet so I can take them"
                " in one at a time."
            ),
            (
                "My brain processes unordered lists much better than running text, so whatever you tell me, lay it out "
                "point by point with bullets."
            ),
        ),
        "neg": (
            "No bullet points, please.",
            "I prefer flowing prose.",
            "I dislike lists.",
            "Don't break your answer into bullets.",
            (
                "Bullet points feel fragmented and make me lose the connection between ideas, so please write "
                "everything out in connected sentences instead."
            ),
            "Write in full paragraphs rather than lists.",
            "Avoid bulleted lists.",
            "Explain things in prose; I hate fragmented lists of points.",
            "Please express ideas as sentences, never as bullet lists.",
            # test-only wording
            "Prose over bullets.",
            (
                "I'd like the reasoning woven into continuous paragraphs, because itemized lists strip away the logic "
                "that links one point to the next."
            ),
            "Whatever the question, spare me the dotted lists and just tell me in ordinary connected writing.",
        ),
    },
    "numbered_list": {
        "pos": (
            "Number the steps.",
            "Use numbered lists.",
            "I like instructions as numbered steps: 1, 2, 3.",
            "Don't give me steps in a paragraph; number them.",
            (
                "I follow along while doing the task myself, so numbered steps let me keep track of where I am and pick"
                " up again after a pause."
            ),
            "Prefer an ordered list with numbers over unnumbered points.",
            "Please put things in a numbered sequence.",
            "I hate instructions that aren't numbered.",
            "Avoid presenting sequences without numbering.",
            # test-only wording
            "Numbered items, please.",
            (
                "Lay the content out as 1., 2., 3. and so on, since counting the items helps me remember how many there"
                " are and which comes first."
            ),
            (
                "Whenever there's an order to things, give each part a number; it makes referring back to a specific "
                "point much easier."
            ),
        ),
        "neg": (
            "No numbered lists.",
            "Don't number things.",
            "I prefer prose to numbered steps.",
            "Please avoid 1., 2., 3. style lists.",
            (
                "Numbered lists make every answer read like an instruction manual to me, so I'd much rather you explain"
                " the sequence in connected sentences."
            ),
            "Write the steps out as a paragraph instead of numbering them.",
            "I dislike enumerated lists.",
            "Never format your reply as an ordered list.",
            "Describe processes in running text, without counting off steps.",
            # test-only wording
            "Skip the numbering.",
            (
                "When there are several stages, just narrate them with words like first and then in ordinary prose "
                "rather than a numbered sequence."
            ),
            (
                "I find numbered points rigid and mechanical; a smooth narrative paragraph that walks through the "
                "process feels far more natural to read."
            ),
        ),
    },
    "tables": {
        "pos": (
            "Use a table.",
            "Tables, please.",
            "I love information laid out in a table.",
            "Don't make me compare things across paragraphs; put them in a table.",
            (
                "I work with spreadsheets all day, so a markdown table with clear rows and columns is the easiest way "
                "for me to absorb information."
            ),
            "Organise the data into rows and columns.",
            "Prefer a tabular layout whenever it fits.",
            "I dislike side-by-side details buried in text; tabulate them.",
            "Avoid prose when a table would present it better.",
            # test-only wording
            "Tabular format, please.",
            (
                "Whenever your answer has several items with attributes, arrange them in a grid with labelled columns "
                "so I can read across at a glance."
            ),
            "I can't easily keep track of many details in sentences, so please give me a neat table instead.",
        ),
        "neg": (
            "No tables, please.",
            "Don't use tables.",
            "I dislike tables in chat answers.",
            (
                "Tables render badly on my screen reader, so please present the information in regular sentences "
                "instead of rows and columns."
            ),
            "Avoid tabular layouts.",
            "Prefer plain text over a grid of rows and columns.",
            "Please never format anything as a markdown table.",
            "Write it out in sentences; I hate reading tables.",
            "Describe comparisons in words rather than tabulating them.",
            # test-only wording
            "Keep it table-free.",
            (
                "Even when comparing several items, explain the differences in running text, because grids of cells are"
                " hard for me to read on mobile."
            ),
            (
                "Spare me the pipes and dashes of table markup; I'd much rather have everything expressed in normal "
                "writing, since I copy answers into plain emails."
            ),
        ),
    },
    "bold": {
        "pos": (
            "Bold the key points.",
            "Use bold for emphasis.",
            "I like important words highlighted in bold.",
            "Don't leave everything in the same weight; bold what matters.",
            (
                "I skim answers quickly, so bolding the most important terms and phrases helps my eyes catch what "
                "really matters on a first pass."
            ),
            "Prefer responses where key terms are in bold.",
            "Make the crucial phrases stand out with bold text.",
            "I hate hunting for the important part; put it in bold.",
            "Avoid flat, unemphasised text; mark the key ideas with bold.",
            # test-only wording
            "Embolden what matters.",
            (
                "Please emphasise the critical words using double-asterisk formatting, since strong visual emphasis "
                "helps me remember what to focus on later."
            ),
            (
                "Highlighting crucial terms in heavy type is something I really appreciate, so use it generously "
                "whenever a word deserves attention."
            ),
        ),
        "neg": (
            "No bold text.",
            "Don't bold anything.",
            "I find bold text distracting.",
            "Avoid heavy emphasis.",
            (
                "When half the sentence is in bold, nothing stands out anymore, so please keep all your text in normal "
                "weight without emphasis."
            ),
            "Prefer plain, unemphasised text.",
            "I dislike answers peppered with bolded phrases.",
            "Please never use double asterisks for emphasis.",
            "Keep every word in regular weight.",
            # test-only wording
            "Emphasis-free text, please.",
            (
                "Resist the urge to highlight words with strong formatting; I want an evenly weighted reply where I "
                "decide for myself what is important."
            ),
            (
                "Bold formatting feels like shouting to me, so leave it out completely and let the words speak without "
                "any typographic emphasis."
            ),
        ),
    },
    "code": {
        "pos": (
            "Include code snippets.",
            "Show me the code.",
            "I'm a developer; I want actual code in the answer.",
            "Don't just describe it in words; give me a code block.",
            (
                "I learn programming by reading and running real code, so please include working snippets in fenced "
                "code blocks whenever it's relevant."
            ),
            "Prefer answers with code blocks.",
            "Always add a code snippet I can copy.",
            "I hate explanations with no code to try.",
            "Avoid purely verbal explanations; write the code out.",
            # test-only wording
            "Snippets welcome.",
            (
                "Whenever a concept can be expressed programmatically, write it out as source in a fenced block, "
                "because that's how I understand things best."
            ),
            (
                "As a software engineer I'd rather read a few lines of a real implementation than prose describing one,"
                " so put the implementation in."
            ),
        ),
        "neg": (
            "No code please, I'm not a programmer.",
            "No code at all.",
            "Explain it in words, not code.",
            "Don't include any code snippets.",
            (
                "I'm a manager rather than an engineer, so code blocks mean nothing to me; describe what to do in "
                "ordinary sentences instead."
            ),
            "I dislike answers full of programming syntax.",
            "Avoid code blocks entirely.",
            "Prefer a verbal explanation over source code.",
            "Never paste code into your response.",
            # test-only wording
            "Skip the code.",
            (
                "Since I can't read any programming language, I'd like you to talk me through the idea conceptually "
                "instead of writing out a script."
            ),
            (
                "Keep your reply free of snippets and fenced blocks, because I only want to understand the concept, not"
                " implement it myself."
            ),
        ),
    },
    "tldr_first": {
        "pos": (
            "TL;DR first, please.",
            "Lead with the short answer.",
            "Start with a one-line summary.",
            "Don't make me read to the end to find the answer; put it up front.",
            (
                "I often only have time for the first line, so please open every reply with a quick TL;DR before any "
                "explanation."
            ),
            "Prefer replies that start by summarising the answer.",
            "Open with a one-sentence answer, then explain.",
            "I hate when the main answer is buried deep in the reply.",
            "Avoid building up to the point; state it in the first sentence.",
            # test-only wording
            "Bottom line up front.",
            (
                "Give me the gist in a single opening sentence, and only after that go into the reasoning, since I "
                "decide from the top whether to keep reading."
            ),
            (
                "Put a brief verdict at the very beginning of the response so I can grasp the result immediately "
                "without digging."
            ),
        ),
        "neg": (
            "No TL;DR, please.",
            "Skip the summary at the top.",
            "No summary up front.",
            "Don't open with a one-line summary.",
            (
                "Summary lines at the top feel redundant to me because I read the whole thing anyway, so please just "
                "begin with the actual explanation."
            ),
            "I dislike answers that lead with a condensed version of themselves.",
            "Avoid opening with the bottom line.",
            "Prefer replies that build up to the point naturally.",
            "Never put a TL;DR line before the explanation.",
            # test-only wording
            "Let the explanation unfold.",
            (
                "I enjoy following the reasoning from the beginning, so don't spoil it with a short answer at the top; "
                "walk me through it in order."
            ),
            (
                "Opening with a condensed verdict feels abrupt to me; I'd rather the response begins by laying out the "
                "context and reasoning first."
            ),
        ),
    },
    "closing_summary": {
        "pos": (
            "End with a summary.",
            "Wrap up with a brief recap.",
            "I like a short conclusion at the end.",
            "Don't just stop abruptly; close with a summary of the main points.",
            (
                "By the end of an explanation I've often lost track of the start, so please finish with a concluding "
                "paragraph that pulls it all together."
            ),
            "Prefer answers that finish with an 'In summary' line.",
            "Close every reply with an overall takeaway.",
            "I hate answers that end without a conclusion.",
            "Never leave out the final recap.",
            # test-only wording
            "Conclude with a recap.",
            (
                "Please round off the response by restating the key takeaways in a sentence or two, since a closing "
                "synthesis helps things stick in my memory."
            ),
            (
                "A final wrap-up paragraph beginning with something like 'Overall' is what I look for, so make sure "
                "each response ends on one."
            ),
        ),
        "neg": (
            "No recap at the end.",
            "Skip the concluding summary.",
            "Conclusions aren't needed.",
            "Don't end with 'In summary' or 'Overall'.",
            (
                "Concluding paragraphs that repeat what I just read waste my time, so please end the response as soon "
                "as the last real point is made."
            ),
            "I dislike answers that wrap up by restating everything.",
            "Avoid a conclusion paragraph.",
            "Prefer replies that end on the last point instead of a summary.",
            "Never summarise yourself at the bottom.",
            # test-only wording
            "Leave off the wrap-up.",
            (
                "There's no need to tie things together in a final paragraph; I'm capable of drawing my own conclusions"
                " from what you've already written."
            ),
            (
                "When the content is finished, the response should be finished too, rather than circling back to "
                "restate the main ideas one more time."
            ),
        ),
    },
    "short_paragraphs": {
        "pos": (
            "Keep paragraphs short.",
            "Short paragraphs, please.",
            "I like lots of white space between ideas.",
            "Don't write dense walls of text; break them into small paragraphs.",
            (
                "Big unbroken blocks of text make my eyes glaze over, so please split your answers into many small "
                "paragraphs of just a sentence or two each."
            ),
            "Prefer airy answers with frequent paragraph breaks.",
            "Start a new paragraph often.",
            "I hate big chunky paragraphs.",
            "Avoid packing several ideas into one paragraph.",
            # test-only wording
            "Frequent line breaks help.",
            (
                "Give every idea its own little paragraph so the reply feels light and easy to skim, since I usually "
                "read while commuting."
            ),
            (
                "I can't cope with huge slabs of prose; separate your thoughts into bite-sized paragraphs with blank "
                "lines between them."
            ),
        ),
        "neg": (
            "Write substantial paragraphs.",
            "No one-line paragraphs.",
            "I dislike choppy, fragmented paragraphs.",
            "Don't break the text after every sentence.",
            (
                "Constant paragraph breaks make a reply feel disjointed to me, so please develop each thought in a "
                "full, meaty paragraph instead."
            ),
            "Prefer a few well-developed paragraphs over many tiny ones.",
            "Avoid splitting ideas into single-sentence paragraphs.",
            "I like dense, rich paragraphs.",
            "Let each paragraph hold a complete, developed thought.",
            # test-only wording
            "Fewer, fuller paragraphs.",
            (
                "Stop chopping the text into little pieces; I find it much easier to follow an argument when it unfolds"
                " in a couple of solid blocks."
            ),
            (
                "I was taught to write in cohesive multi-sentence paragraphs, and reading constant one-liners feels "
                "like reading a string of slogans."
            ),
        ),
    },
    "plain_words": {
        "pos": (
            "Use simple words.",
            "Plain everyday words, please.",
            "I'm not an expert, so avoid jargon.",
            "Don't use big words.",
            (
                "English is my second language, so please stick to common, everyday vocabulary that a beginner could "
                "follow without a dictionary."
            ),
            "Prefer the simplest words available.",
            "Write so a child could understand the vocabulary.",
            "I hate technical jargon.",
            "No fancy terminology, please.",
            # test-only wording
            "Easy vocabulary only.",
            (
                "Pick ordinary, familiar words over specialist terms every time, because my reading level is basic and "
                "complicated terminology loses me fast."
            ),
            (
                "My twelve-year-old reads your answers with me, so keep the wording at a level a middle-school student "
                "could manage."
            ),
        ),
        "neg": (
            "Use technical vocabulary.",
            "Don't dumb it down.",
            "I'm an expert; use precise terminology.",
            "Write at a graduate reading level.",
            (
                "I have a PhD in this area, so please use the proper technical terms and sophisticated vocabulary "
                "rather than simplified everyday language."
            ),
            "Prefer specialist jargon over lay terms.",
            "I dislike oversimplified wording.",
            "Avoid watered-down language.",
            "Use the advanced vocabulary a specialist would.",
            # test-only wording
            "Jargon is welcome.",
            (
                "Never swap a precise technical term for a vague everyday one; I know the field well and the exact "
                "vocabulary saves me time."
            ),
            (
                "Please pitch the language at an advanced, erudite level, since simple phrasing makes me feel "
                "patronised and often loses nuance."
            ),
        ),
    },
    "analogies": {
        "pos": (
            "Use analogies.",
            "Compare it to everyday things.",
            "I understand things best through metaphors.",
            "Don't just define it; tell me what it's like.",
            (
                "Abstract ideas don't stick with me, so please relate them to something familiar from daily life with a"
                " good comparison."
            ),
            "Prefer explanations built around a comparison.",
            "Explain with a 'think of it like...' comparison.",
            "I hate dry definitions without a relatable comparison.",
            "Avoid purely literal explanations; give me an analogy.",
            # test-only wording
            "Metaphors help me.",
            (
                "Whenever something is complicated, liken it to an ordinary object or situation I already know, because"
                " that's how new concepts click for me."
            ),
            (
                "I'm a visual thinker who needs a mental picture, so please paint one by comparing the idea to "
                "something from the real world."
            ),
        ),
        "neg": (
            "No analogies, please.",
            "Skip the metaphors.",
            "Explain it literally.",
            "Don't compare it to other things; describe the thing itself.",
            (
                "Analogies always break down somewhere and end up confusing me, so please describe how the thing "
                "actually works in literal terms."
            ),
            "I dislike 'think of it like' comparisons.",
            "Avoid metaphors and similes.",
            "Prefer a literal, straightforward account.",
            "Never explain by likening it to something else.",
            # test-only wording
            "Literal descriptions only.",
            (
                "I find figurative comparisons patronising and imprecise; tell me what the concept is on its own terms "
                "instead of what it resembles."
            ),
            (
                "Please resist the urge to relate ideas to cars, kitchens or other familiar things, because I want the "
                "real mechanism described as it is."
            ),
        ),
    },
    "short_sentences": {
        "pos": (
            "Use short sentences.",
            "Keep sentences simple.",
            "I like short, punchy sentences.",
            "Don't write long, winding sentences.",
            (
                "I have dyslexia, and long sentences with lots of clauses make me lose track, so please keep each "
                "sentence short and simple."
            ),
            "Prefer one idea per sentence.",
            "Break complex sentences into several shorter ones.",
            "I hate run-on sentences.",
            "Avoid sentences stuffed with commas and clauses.",
            # test-only wording
            "Snappy sentences suit me.",
            (
                "Please write in compact sentences of about ten words or so, since I read slowly and lose the thread "
                "when a sentence drags on."
            ),
            (
                "Each sentence should make its point and end quickly; nested clauses and long chains of 'which' and "
                "'that' wear me out."
            ),
        ),
        "neg": (
            "Write long, flowing sentences.",
            "No choppy sentences.",
            "I enjoy complex sentence structure.",
            "Don't chop your writing into short sentences.",
            (
                "Strings of short sentences sound robotic and stilted to me, so please let your sentences flow, linking"
                " ideas with clauses and connectives."
            ),
            "I dislike staccato writing.",
            "Prefer elaborate sentences with subordinate clauses.",
            "Avoid clipped, simplistic sentences.",
            "Let your sentences breathe and run on a little.",
            # test-only wording
            "Longer sentences, please.",
            (
                "I love prose where a single sentence carries several connected thoughts, weaving them together with "
                "commas, semicolons and clauses rather than stopping every few words."
            ),
            (
                "Never write in fragments of five or six words; a well-built, lengthy sentence reads far more naturally"
                " to me."
            ),
        ),
    },
    "casual": {
        "pos": (
            "Be casual.",
            "Talk to me like a friend.",
            "Keep the tone relaxed and conversational.",
            "Don't be so stiff and formal.",
            (
                "I use this assistant for fun side projects, so a chatty, laid-back tone with contractions feels much "
                "nicer to me than corporate speak."
            ),
            "Prefer a friendly, informal voice.",
            "Write the way people actually talk.",
            "I hate stuffy, businesslike language.",
            "Avoid sounding like an official document.",
            # test-only wording
            "Chill tone, please.",
            (
                "Loosen up and chat with me as a buddy would over coffee; textbook-style phrasing makes me feel like "
                "I'm being lectured."
            ),
            (
                "Use loose, conversational phrasing, with plenty of contractions like you're and it's, because a warm "
                "informal register puts me at ease."
            ),
        ),
        "neg": (
            "Keep it formal.",
            "No slang, please.",
            "I prefer a professional register.",
            "Don't be chatty or overly familiar.",
            (
                "I share these answers with clients and senior colleagues, so please write in a polished, formal "
                "register rather than a conversational one."
            ),
            "Avoid contractions and colloquialisms.",
            "Prefer businesslike language.",
            "I dislike a casual, buddy-buddy tone.",
            "Write in the register of an official document.",
            # test-only wording
            "Strictly proper wording.",
            (
                "Never address me as if we were mates; a dignified, proper style of writing is what I expect from a "
                "tool I rely on for work."
            ),
            (
                "Please keep the wording dignified and correct, since relaxed conversational phrasing feels "
                "unprofessional in the settings where I use your replies."
            ),
        ),
    },
    "emoji": {
        "pos": (
            "Use emojis.",
            "Add some emojis, please.",
            "I love when answers include emojis.",
            "Don't hold back on emojis.",
            (
                "I'm a visual person and little pictures like smiley faces and thumbs-up icons make text easier to take"
                " in, so please include some emojis."
            ),
            "Prefer replies decorated with emoji.",
            "Throw in an emoji or two.",
            "I dislike answers without a single emoji.",
            "Never skip the emojis.",
            # test-only wording
            "Emoji icons welcome.",
            (
                "Please drop small picture symbols like hearts, stars or smiley faces into your replies; they help me "
                "spot the tone at a glance."
            ),
            (
                "A response with zero pictograms looks dull to me, so make sure there are a handful of emoji characters"
                " scattered throughout."
            ),
        ),
        "neg": (
            "No emojis.",
            "Please don't use emojis.",
            "I find emojis annoying.",
            "Avoid smiley faces and other icons.",
            (
                "Emojis get read aloud awkwardly by my screen reader and clutter the text, so please keep your "
                "responses completely free of them."
            ),
            "Keep replies strictly emoji-free.",
            "I hate little pictures in my answers.",
            "Prefer words over pictograms.",
            "Never add emoji characters.",
            # test-only wording
            "Skip the emoticons.",
            (
                "Please leave out all the hearts, rockets and smileys; I want a reply made of nothing but ordinary "
                "letters and punctuation."
            ),
            (
                "Decorative symbols like thumbs-up or party icons distract me from the content, so I'd appreciate "
                "replies where none of them appear at all."
            ),
        ),
    },
    "enthusiasm": {
        "pos": (
            "Be enthusiastic!",
            "Bring some energy.",
            "I love upbeat, excited answers.",
            "Don't sound so flat; show some excitement!",
            (
                "I'm learning something new and a cheerful, energetic tone with a few exclamation marks genuinely keeps"
                " me motivated, so please sound excited about the subject."
            ),
            "Prefer a lively, positive tone.",
            "Use exclamation marks to show excitement!",
            "I hate dull, monotone replies.",
            "Avoid sounding bored or neutral.",
            # test-only wording
            "Be bubbly!",
            (
                "Sound genuinely thrilled about the topic, because an answer bursting with positivity and zest makes "
                "even a boring subject feel fun to me."
            ),
            (
                "Reading a lifeless reply drains me; I want you to be peppy and exuberant, the way a passionate coach "
                "would talk."
            ),
        ),
        "neg": (
            "Keep a calm tone.",
            "No exclamation marks, please.",
            "I prefer a measured, neutral voice.",
            "Don't hype things up.",
            (
                "Overly excited answers feel fake and salesy to me, so please keep the tone even and understated, "
                "without exclamation points or gushing."
            ),
            "Avoid cheerleading.",
            "I dislike peppy, over-the-top enthusiasm.",
            "Prefer a level-headed, sober delivery.",
            "Tone down the excitement.",
            # test-only wording
            "Stay composed and even-keeled.",
            (
                "Please respond with quiet composure; an answer full of exclamations and excitement makes me trust the "
                "content less, not more."
            ),
            (
                "I'd rather you sound like a steady, unflappable librarian than a hyped-up salesperson, so keep your "
                "energy low-key throughout."
            ),
        ),
    },
    "first_person": {
        "pos": (
            "Tell me what you think.",
            "Give me your own opinion.",
            "I like it when you say 'I think' or 'I'd recommend'.",
            "Don't hide behind impersonal phrasing; speak as yourself.",
            (
                "I want to feel like I'm talking to someone with a point of view, so please speak in the first person "
                "and share your personal take."
            ),
            "Prefer answers in your own voice, using 'I'.",
            "Speak in the first person.",
            "I dislike faceless, impersonal answers.",
            "Avoid vague 'one might' wording; say what you'd do.",
            # test-only wording
            "Share your personal view.",
            (
                "Instead of neutral statements like 'it is recommended', tell me what you yourself believe and would "
                "suggest, using I and me."
            ),
            (
                "Answering as an individual with opinions, saying things like 'in my view', makes the conversation feel"
                " genuine to me."
            ),
        ),
        "neg": (
            "No 'I think' statements.",
            "Keep it impersonal.",
            "Don't talk about yourself.",
            "I dislike answers full of 'I' and 'my'.",
            (
                "I'm not interested in the assistant's personal opinions, so please write in an impersonal, third-"
                "person style without ever referring to yourself."
            ),
            "Avoid first-person phrasing.",
            "Prefer an objective, detached voice.",
            "Never say 'I would recommend'.",
            "Present information without inserting yourself.",
            # test-only wording
            "Leave yourself out of it.",
            (
                "Write as an anonymous reference text would, stating facts directly instead of framing them as what you"
                " personally believe or suggest."
            ),
            "Phrases like 'in my opinion' or 'I'd suggest' grate on me, so keep every sentence free of the pronoun I.",
        ),
    },
    "examples": {
        "pos": (
            "Give examples.",
            "Include a concrete example.",
            "I learn best from specific examples.",
            "Don't stay abstract; show me an instance.",
            (
                "General statements go over my head unless they're grounded in something specific, so please illustrate"
                " every point with a real, concrete example."
            ),
            "Prefer answers with 'for example' cases.",
            "Back up each idea with a specific case.",
            "I hate explanations with no examples.",
            "Never explain a concept without an example.",
            # test-only wording
            "Illustrate with instances.",
            (
                "Whenever you make a claim, follow it with a tangible instance, such as a particular situation or case,"
                " so I can see how it applies."
            ),
            (
                "Abstract theory alone leaves me lost; sample cases that demonstrate the idea in practice are what make"
                " it stick for me."
            ),
        ),
        "neg": (
            "No examples, please.",
            "Skip the examples.",
            "Just give me the general point.",
            "Don't illustrate with examples.",
            (
                "I already understand the basics, and worked examples just slow me down, so please state the general "
                "principle and leave out illustrations."
            ),
            "I dislike 'for instance' tangents.",
            "Avoid specific cases; stay general.",
            "Prefer the abstract principle over sample scenarios.",
            "Never add 'for example' sections.",
            # test-only wording
            "General principles only.",
            (
                "Please keep to the overarching idea without walking me through particular instances, since I can apply"
                " it to my own situation myself."
            ),
            (
                "Hypothetical scenarios and sample cases tend to distract me from the main rule, so I'd rather you "
                "state it and move on."
            ),
        ),
    },
    "numbers": {
        "pos": (
            "Give me numbers.",
            "Include figures and statistics.",
            "I like answers backed by quantities.",
            "Don't be vague; give me actual figures.",
            (
                "I make decisions based on data, so please include concrete numbers, percentages and quantities "
                "wherever you can instead of qualitative descriptions."
            ),
            "Prefer responses with specific stats.",
            "Quantify things whenever possible.",
            "I hate 'a lot' or 'a few' when a number would work.",
            "Avoid purely qualitative answers; use measurements.",
            # test-only wording
            "Hard data, please.",
            (
                "Whenever you talk about size, cost, time or frequency, put an actual figure on it, because words like "
                "'many' tell me nothing useful."
            ),
            (
                "I trust an answer much more when it contains hard statistics and precise amounts rather than general "
                "impressions of scale."
            ),
        ),
        "neg": (
            "No numbers, please.",
            "Skip the statistics.",
            "Keep it qualitative.",
            "Don't throw figures at me.",
            (
                "Numbers and statistics make my head spin and I never remember them anyway, so please describe things "
                "in words, without any figures or percentages."
            ),
            "I dislike answers full of stats.",
            "Avoid percentages and exact quantities.",
            "Prefer descriptive words over figures.",
            "Never put numeric values in your answer.",
            # test-only wording
            "Leave out the digits.",
            (
                "Please express size and frequency with words like 'large' or 'rarely' rather than digits, since I care"
                " about the overall picture, not data."
            ),
            (
                "I'd like a reply free of measurements, counts and data points; a sense of the general magnitude is all"
                " I need."
            ),
        ),
    },
    "sources": {
        "pos": (
            "Cite your sources.",
            "Include links, please.",
            "I want references for every claim.",
            "Don't make claims without citing where they come from.",
            (
                "I need to verify everything before I pass it on to my team, so please include references or URLs to "
                "the original sources."
            ),
            "Prefer answers with citations.",
            "Point me to where I can read more, with links.",
            "I hate unsourced statements.",
            "Never leave out the references.",
            # test-only wording
            "Show your references.",
            (
                "Back up what you say by naming the studies, articles or websites it comes from, ideally with a web "
                "address I can click."
            ),
            (
                "An answer without a bibliography feels untrustworthy to me, so attach the documentation or pages you "
                "relied on."
            ),
        ),
        "neg": (
            "No links, please.",
            "Skip the citations.",
            "Don't include URLs.",
            "I dislike answers cluttered with references.",
            (
                "I can't click links in the app I use and citations just break up the text, so please leave out "
                "references and web addresses entirely."
            ),
            "Avoid citing sources.",
            "Prefer answers without footnotes or bibliographies.",
            "Never paste web addresses into replies.",
            "Just explain it; no references needed.",
            # test-only wording
            "Citation-free answers, please.",
            (
                "I trust your knowledge, so there's no need to point me to articles, websites or papers; the "
                "explanation on its own is enough."
            ),
            (
                "Leave out any 'according to' attributions and hyperlinks, because I'm reading this offline and can't "
                "follow them anyway."
            ),
        ),
    },
    "hedging": {
        "pos": (
            "Mention the caveats.",
            "Acknowledge uncertainty.",
            "I appreciate answers that admit what's uncertain.",
            "Don't overstate things; tell me when it depends.",
            (
                "I've been burned by overconfident advice before, so please point out limitations, exceptions and cases"
                " where the answer might not hold."
            ),
            "Prefer careful, nuanced claims with qualifiers.",
            "Say 'it depends' when it does.",
            "I hate false certainty.",
            "Avoid sounding more sure than the evidence allows.",
            # test-only wording
            "Flag the uncertainties.",
            (
                "Rather than presenting everything as settled fact, note where things may vary or where experts "
                "disagree, since real life is rarely clear-cut."
            ),
            (
                "Qualify your statements with words like 'may', 'often' or 'typically' where appropriate; honest "
                "hedging earns my trust more than sweeping claims."
            ),
        ),
        "neg": (
            "Be confident.",
            "No hedging, please.",
            "Skip the caveats.",
            "Don't say 'it depends'.",
            (
                "Endless qualifiers like 'may', 'might' and 'in some cases' make answers feel wishy-washy to me, so "
                "please state things firmly and decisively."
            ),
            "I dislike answers full of 'maybe' and 'possibly'.",
            "Prefer direct, assertive statements.",
            "Avoid hedging words.",
            "Give me a firm answer without qualifications.",
            # test-only wording
            "Speak with conviction.",
            (
                "Commit to a clear position and state it outright; I don't need reminders about exceptions or "
                "uncertainty, just what's true."
            ),
            (
                "I want decisive assertions rather than a pile of conditions and 'however' clauses, because I need to "
                "act on this without second-guessing."
            ),
        ),
    },
    "safety_warnings": {
        "pos": (
            "Include safety warnings.",
            "Mention any risks.",
            "Remind me to be careful.",
            "Don't skip the safety precautions.",
            (
                "I'm pretty accident-prone and a bit reckless, so please always point out the dangers and tell me what "
                "precautions to take before I try anything."
            ),
            "Prefer answers that flag hazards.",
            "Tell me when I should consult a professional.",
            "I hate advice that ignores the risks involved.",
            "Avoid giving instructions without noting what could go wrong.",
            # test-only wording
            "Safety first, please.",
            (
                "Whenever something could hurt me or damage property, spell out the warning signs and protective "
                "measures, since I'd rather be over-prepared than injured."
            ),
            (
                "Add a note about staying safe and when to get expert help, because I genuinely want to know if "
                "something carries real danger."
            ),
        ),
        "neg": (
            "No safety lectures.",
            "Skip the safety disclaimers.",
            "Don't warn me about risks.",
            "I dislike being told to consult a professional.",
            (
                "I'm an experienced adult who understands the dangers of what I'm asking about, so please leave out the"
                " warnings and cautionary notes."
            ),
            "Avoid adding precautions I didn't ask for.",
            "Prefer answers without 'be careful' reminders.",
            "Never tack on health and safety notices.",
            "Spare me the 'stay safe' advice.",
            # test-only wording
            "Warnings aren't needed.",
            (
                "I've done this many times before, so treat me as competent and just give the information without any "
                "cautionary paragraphs about hazards."
            ),
            (
                "Constant reminders to seek expert help or wear protective gear feel condescending to me; assume I know"
                " the risks and leave that out."
            ),
        ),
    },
    "ai_disclaimer": {
        "pos": (
            "Remind me you're an AI.",
            "Be upfront about being an AI.",
            "I want you to mention your limitations as an AI.",
            "Don't pretend to be human.",
            (
                "I sometimes forget I'm chatting with software, so please say openly when you're an AI and point out "
                "what you can't know or do."
            ),
            "Prefer answers that acknowledge they come from a language model.",
            "Start with 'As an AI' when relevant.",
            "I dislike when an assistant hides that it's a machine.",
            "Never gloss over the fact that you're an AI.",
            # test-only wording
            "Disclose your AI nature.",
            (
                "Transparency matters to me: state clearly that you're an artificial assistant with no personal "
                "experience and flag the limits of what you know."
            ),
            (
                "It reassures me when a reply admits it was produced by a machine learning system with gaps in its "
                "knowledge, so include that acknowledgement."
            ),
        ),
        "neg": (
            "No 'as an AI' disclaimers.",
            "Don't remind me you're an AI.",
            "I know you're a bot; skip the disclaimers.",
            "Avoid 'as a language model' phrasing.",
            (
                "I'm fully aware I'm talking to an AI, so please stop prefacing answers with reminders about being a "
                "language model and its limitations."
            ),
            "I dislike AI self-disclaimers.",
            "Prefer replies that never mention being artificial.",
            "Never open with 'As an AI language model'.",
            "Leave out statements about what you are.",
            # test-only wording
            "Drop the robot reminders.",
            (
                "Please don't waste the first lines explaining that you're a machine without feelings or opinions; I "
                "already know that."
            ),
            (
                "Talking about your nature as a chatbot adds nothing for me, so keep every response free of references "
                "to being software."
            ),
        ),
    },
    "alternatives": {
        "pos": (
            "Give me options.",
            "Offer a few alternatives.",
            "I like having several choices to pick from.",
            "Don't give me just one recommendation.",
            (
                "My situation is usually more complicated than it looks, so please lay out several different approaches"
                " I could take and let me choose."
            ),
            "Prefer answers that present multiple options.",
            "Suggest a couple of different ways to do it.",
            "I hate being pushed toward a single solution.",
            "Never settle on one answer when there are other viable paths.",
            # test-only wording
            "Show me other possibilities.",
            (
                "Rather than deciding for me, present a range of possibilities, since I like to make the final call "
                "myself."
            ),
            (
                "A single recommendation rarely fits my needs, so I'd appreciate a handful of distinct options to "
                "choose between."
            ),
        ),
        "neg": (
            "Just one recommendation.",
            "Don't give me options.",
            "Pick one and commit.",
            "I hate long menus of alternatives.",
            (
                "Too many choices leave me paralysed and unable to decide, so please give a single clear recommendation"
                " instead of listing alternatives."
            ),
            "Avoid presenting multiple options.",
            "Prefer one definitive suggestion.",
            "Tell me the single best way, not several.",
            "No alternatives, please.",
            # test-only wording
            "Choose for me.",
            (
                "When there are several possible approaches, do the choosing on my behalf and only tell me about the "
                "best one."
            ),
            (
                "I don't want a buffet of possibilities; a single, decisive pick saves me from agonising over what to "
                "do next."
            ),
        ),
    },
    "pros_cons": {
        "pos": (
            "Weigh the pros and cons.",
            "Give me the trade-offs.",
            "I like seeing advantages and disadvantages.",
            "Don't only tell me the upside; include the downsides too.",
            (
                "Before I commit to anything I want to understand what I gain and what I give up, so please spell out "
                "the benefits and drawbacks."
            ),
            "Prefer balanced answers covering strengths and weaknesses.",
            "Tell me what's good and bad about it.",
            "I hate one-sided answers.",
            "Avoid presenting only the benefits.",
            # test-only wording
            "Upsides and downsides, please.",
            (
                "For any choice you discuss, set out the points in its favour alongside the points against it, because "
                "I decide by weighing both sides."
            ),
            (
                "I distrust advice that only sells one side, so make sure each response lays out merits and drawbacks "
                "together."
            ),
        ),
        "neg": (
            "No pros and cons.",
            "Skip the trade-off analysis.",
            "Just answer without weighing sides.",
            "Don't weigh advantages against disadvantages.",
            (
                "Balanced breakdowns of benefits and drawbacks feel like fence-sitting to me, so please just tell me "
                "the answer without going through both sides."
            ),
            "I dislike 'on one hand, on the other hand' answers.",
            "Avoid tallying upsides and downsides.",
            "Prefer a straight answer over a balance sheet of merits.",
            "Never break things down into advantages and disadvantages.",
            # test-only wording
            "Forget the trade-offs.",
            (
                "I've already considered the benefits and costs myself, so there's no need to go over strengths and "
                "weaknesses; simply address what I asked."
            ),
            (
                "Please spare me the weighing of merits against drawbacks; a response that simply states the answer "
                "suits me far better."
            ),
        ),
    },
    "preamble": {
        "pos": (
            "Open with a friendly acknowledgement.",
            "A warm opener, please.",
            "I like it when you open with 'Sure!' or 'Great question!' before answering.",
            "Don't launch straight into the answer; acknowledge me first.",
            (
                "Jumping straight into facts feels cold and abrupt to me, so please begin each reply with a warm line "
                "like 'Certainly, I'd be happy to help'."
            ),
            "Prefer replies that begin with a pleasantry.",
            "Open by saying you're glad to help.",
            "I dislike replies that start abruptly with no acknowledgement.",
            "Never skip the friendly opening line.",
            # test-only wording
            "Greet my question warmly.",
            (
                "Before getting into the substance, say something welcoming such as 'Of course!' so the exchange feels "
                "polite and human to me."
            ),
            (
                "A courteous intro sentence that acknowledges my request makes me feel heard, so please lead in with "
                "one rather than starting cold."
            ),
        ),
        "neg": (
            "No preamble.",
            "Skip the pleasantries.",
            "Please don't start with 'Sure!' or 'Great question', just answer.",
            "No intro fluff; start with the answer itself.",
            (
                "Openers like 'Certainly, I'd be happy to help' waste the first line of every reply, so please begin "
                "with the substance from the very first word."
            ),
            "I hate it when you restate my question before answering.",
            "Avoid 'Great question!' openers.",
            "Prefer replies that get right into it.",
            "Never open with 'Of course!' or 'Absolutely!' in a reply.",
            # test-only wording
            "No warm-up sentences.",
            (
                "There's no need to acknowledge or compliment what I asked; the very first sentence should already be "
                "part of the actual answer."
            ),
            (
                "I find courtesy openers and repeating my request back to me tedious, so let the response begin "
                "immediately with real content."
            ),
        ),
    },
    "closing_offer": {
        "pos": (
            "Offer further help at the end.",
            "Invite follow-up questions.",
            "End with something like 'Let me know if you need more help'.",
            "Don't just stop; ask if I need anything else.",
            (
                "I'm often shy about asking more, so it really helps when you close by inviting me to ask follow-up "
                "questions or request clarification."
            ),
            "Prefer replies that end with an offer to help further.",
            "Close by asking if anything is unclear.",
            "I dislike answers that end without an open door.",
            "Never finish without inviting follow-ups.",
            # test-only wording
            "Keep the conversation open.",
            (
                "Finish each response with a line like 'Feel free to ask if you have any other questions', so I know "
                "I'm welcome to continue."
            ),
            (
                "Wrapping up with a friendly offer of more assistance makes the exchange feel supportive, so please add"
                " one as your final sentence."
            ),
        ),
        "neg": (
            "No 'let me know' endings.",
            "Don't offer more help at the end.",
            "Skip the sign-off.",
            "I dislike 'Feel free to ask' closers.",
            (
                "Ending every reply with 'Let me know if you have any other questions' is redundant, since I'll "
                "obviously ask if I need to, so please drop it."
            ),
            "Avoid inviting follow-up questions.",
            "Prefer replies that end on the content itself.",
            "Never close with an offer of further assistance.",
            "Just end; no 'hope this helps'.",
            # test-only wording
            "Cut the closing offers.",
            (
                "Once the information is delivered, please stop writing rather than adding a courteous line asking "
                "whether I need anything else."
            ),
            (
                "Those final 'happy to help further' lines feel like customer service filler to me; I'd like the "
                "response to conclude without them."
            ),
        ),
    },
}


def _texts(family: str, polarity: str) -> tuple[str, ...]:
    if family not in CRITERIA_TEXTS:
        raise KeyError(f"unknown criteria family {family!r}; known families: {', '.join(CRITERIA_TEXTS)}")
    if polarity not in POLARITIES:
        raise KeyError(f"unknown polarity {polarity!r}; known polarities: {', '.join(POLARITIES)}")
    return CRITERIA_TEXTS[family][polarity]


def train_texts(family: str, polarity: str) -> tuple[str, ...]:
    """The paraphrases usable for training: all but the last ``TEST_ONLY``."""
    return _texts(family, polarity)[:-TEST_ONLY]


def test_texts(family: str, polarity: str) -> tuple[str, ...]:
    """The test-only paraphrases: the last ``TEST_ONLY``, worded unlike the training ones."""
    return _texts(family, polarity)[-TEST_ONLY:]
