/**
 * The item texts of instrument version 1.0, written for this reference server (not taken from
 * any published inventory). For each dimension, `forward` items are agreed with by people high
 * on the dimension and `reversed` items by people low on it. The questionnaire alternates them
 * by round (see model.ts): position 2i of a dimension is forward[i], position 2i+1 is reversed[i].
 */
export const ITEM_TEXTS = {
    achievement_drive: {
        forward: [
            'I set targets for myself that are harder than what others expect of me.',
            'Finishing a demanding project satisfies me more than an easy win.',
            'When I reach a goal, I soon raise the bar for the next one.',
            'I measure my progress against the best people in my field.',
            'I put in extra hours when it lets me do a piece of work exceptionally well.',
            'Being merely adequate at something bothers me.',
            'I plan my week around the results I want to achieve.',
            'I look for ways to do my work better even when nobody asks me to.',
        ],
        reversed: [
            'I am content once a task meets the minimum requirement.',
            'I rarely think about where I want to be in five years.',
            'Ambitious goals feel more stressful than motivating to me.',
            'I prefer work where little is expected of me.',
            'I stop trying to improve once things are good enough.',
            'Comparing my results with top performers seems pointless to me.',
            'I would rather have an easy day than a productive one.',
            'Doing outstanding work is not especially important to me.',
        ],
    },
    perseverance: {
        forward: [
            'I finish what I start, even when it becomes tedious.',
            'When a plan fails, I try another route to the same goal.',
            'I have stuck with one difficult project for years.',
            'I keep going on a task long after others have stopped.',
            'I stay committed to a goal even when progress is slow.',
            'Repeated rejections do not stop me from trying again.',
            'I work through boring but necessary tasks without putting them off.',
            'Once I commit to something, people can count on me to see it through.',
        ],
        reversed: [
            'I lose interest in projects after the first few weeks.',
            'I often switch to new goals before reaching the ones I set.',
            'When a task gets hard, I tend to move on to something else.',
            'I give up quickly when results do not come.',
            'My enthusiasm for a new idea fades fast.',
            'Long projects wear down my commitment.',
            'I drop my plans when the first obstacles appear.',
            'I find it hard to keep working on something that brings no quick reward.',
        ],
    },
    resilience: {
        forward: [
            'I recover quickly after a disappointment.',
            'I stay calm when things go wrong at the last minute.',
            'Criticism of my work helps me improve rather than knocking me down.',
            'I can think clearly under heavy pressure.',
            'After a failure, I work out what I can learn and move on.',
            'Stressful periods do not stop me from sleeping or functioning well.',
            'I keep a sense of humour in difficult situations.',
            'I bounce back from bad news within a day or two.',
        ],
        reversed: [
            'A single setback can spoil my mood for weeks.',
            'I get flustered when plans change suddenly.',
            'Negative feedback stays on my mind for a long time.',
            'Under pressure, I tend to freeze.',
            'I dwell on my mistakes long after they happen.',
            'Stress quickly affects my health or my sleep.',
            'When things go badly, I feel overwhelmed.',
            'It takes me a long time to get back to normal after a tough experience.',
        ],
    },
    risk_tolerance: {
        forward: [
            'I am willing to put my own savings into an idea I believe in.',
            'I would leave a secure job for a promising opportunity.',
            'I can make decisions without having all the information.',
            'I see uncertainty as a chance rather than a threat.',
            'I am comfortable betting on an outcome that may not work out.',
            'I would take a large possible gain over a small guaranteed one.',
            'Trying something unproven excites me.',
            'I accept that some of my decisions will turn out to be wrong.',
        ],
        reversed: [
            'I avoid decisions whose outcome I cannot predict.',
            'A steady income matters more to me than a chance at a big success.',
            'I need a lot of certainty before I commit to a plan.',
            'Losing money on a venture is something I could not accept.',
            'I choose the safe option even when the risky one could pay off more.',
            'Unclear situations make me very uneasy.',
            'I wait until others have tried something before I try it myself.',
            'I would rather miss an opportunity than risk a loss.',
        ],
    },
    innovativeness: {
        forward: [
            'I often come up with new ways of doing familiar things.',
            'I enjoy combining ideas from different fields.',
            'I question why things have always been done a certain way.',
            'People come to me for original ideas.',
            'I like experimenting with new tools and methods.',
            'I notice possibilities that others overlook.',
            'I enjoy working on problems that have no known solution.',
            'I regularly sketch out ideas for new products or services.',
        ],
        reversed: [
            'I prefer to follow proven methods rather than invent new ones.',
            'I rarely have ideas that others find original.',
            'Changing a process that works seems unnecessary to me.',
            'I feel uncomfortable with ideas that break with tradition.',
            'Coming up with new ideas is not one of my strengths.',
            'I stick to what I know rather than explore new approaches.',
            'I find it hard to imagine how things could be done differently.',
            'I adopt new technologies only when I have to.',
        ],
    },
    proactiveness: {
        forward: [
            'I act on opportunities before others notice them.',
            'I start projects without waiting to be asked.',
            'I anticipate problems and deal with them before they arise.',
            'When I see something that needs fixing, I take the initiative.',
            'I contact people I could work with, even if I do not know them yet.',
            'I like to be the first to try out a new opportunity.',
            'I make things happen rather than wait for them.',
            'I spot trends early and prepare for them.',
        ],
        reversed: [
            'I wait for clear instructions before I act.',
            'I let others take the lead on new initiatives.',
            'I deal with problems only once they have become urgent.',
            'I prefer to see how things develop before getting involved.',
            'I avoid reaching out to strangers for help or advice.',
            'I put off starting things until the timing feels perfect.',
            'I rarely suggest changes at work or in my community.',
            'Opportunities usually pass before I decide to act on them.',
        ],
    },
    self_efficacy: {
        forward: [
            'I am confident I can handle whatever comes my way at work.',
            'I can win over investors or customers for an idea I believe in.',
            'When I take on a new task, I expect to succeed at it.',
            'I can find the resources I need to reach my goals.',
            'I am good at solving problems I have never faced before.',
            'I trust my own judgement on important decisions.',
            'I could lead a team through a difficult period.',
            'I believe my own efforts decide how successful I am.',
        ],
        reversed: [
            'I doubt whether I could run a business.',
            'Many tasks seem beyond my abilities.',
            'I feel unsure of myself when I must make an important decision.',
            'I worry that I lack the skills to succeed on my own.',
            'Others are usually better placed than I am to solve hard problems.',
            'I avoid tasks at which I might fail.',
            'My success depends more on luck than on my ability.',
            'I hesitate to take responsibility for important outcomes.',
        ],
    },
    autonomy: {
        forward: [
            'I prefer to decide for myself how my work gets done.',
            'I do my best work without close supervision.',
            'Being my own boss matters a great deal to me.',
            'I like setting my own schedule and priorities.',
            'I am comfortable making decisions without asking for approval.',
            "I would rather build something of my own than climb someone else's ladder.",
            'I set my own direction even when others disagree.',
            'Freedom to choose my projects matters more to me than a higher salary.',
        ],
        reversed: [
            'I prefer a manager to tell me what to do.',
            'I feel uneasy making decisions on my own.',
            'I like clear rules that tell me exactly how to do my job.',
            'I would rather follow a plan than design one.',
            'Working independently makes me feel lost.',
            'I seek approval before acting on my own ideas.',
            'I am happiest when someone else sets my goals.',
        ],
    },
};
export function itemText(item) {
    const texts = ITEM_TEXTS[item.dimension];
    const text = item.reversed ? texts.reversed[(item.indexInDimension - 1) / 2] : texts.forward[item.indexInDimension / 2];
    if (text === undefined)
        throw new Error(`no text for ${item.id}`);
    return text;
}
//# sourceMappingURL=items.js.map