"""Relations through the pipeline: competition, threats with horizons, dependencies, makers — and no false edges."""

from __future__ import annotations

import re

import pytest
from helpers import GraphView, run_docs

# ---- competes_with --------------------------------------------------------------------------------------------
OXFORD = "For Qdrant the direct competitors are Milvus, Pinecone with its serverless tier, and pgvector."
COMPETES_VERB = "Weaviate competes with Chroma on developer mindshare more than on features."
ALTERNATIVE = "Ollama is the obvious alternative to LM Studio for anyone who lives in a terminal."
MAIN_ALTERNATIVES = "The main alternatives to Ollama are llama.cpp, vLLM and LocalAI."
EVALUATING = "Daytona aside, if you're evaluating Qdrant, you're also looking at Pinecone and Vespa."
SAME_CROWD = "Weaviate has company: Chroma and LanceDB battle for the same indie-developer crowd."
ASIDE = "Weaviate competes head-on with Pinecone (mostly via Vespa shops) and, to a lesser degree, Chroma."
BAKEOFF = "Weaviate keeps showing up in the same bake-offs as Milvus, and it overlaps with LanceDB on embedded use."
NEGATED = "Qdrant is not really a competitor to Elasticsearch; it solves a much narrower problem."
NEGATED_VERB = "Honestly Weaviate doesn't compete with Redis at all for our workload."
NEGATED_DEPENDENCY = "Unlike the rumours say, Qdrant isn't built on RocksDB."  # a contracted negation
NOT_LIKE_OTHER = "Weaviate doesn't need a separate RocksDB store like Milvus does."  # Milvus does
LIKE_OTHER = "Weaviate needs Kubernetes like Milvus does."  # both do; Milvus is no object
NEGATED_MAKER = "For the record, Weaviate isn't made by Zilliz."
BACKED_BY_STORE = "Milvus ships as one binary backed by PostgreSQL."  # a store it keeps its data in
PRODUCT_OF = "Weaviate, a product of Zilliz, came up too."  # an appositive names the maker
PROJECT_FROM_TO = "We moved a project from Zilliz to Qdrant."  # a migration, no maker
HEDGED = "Jan could compete with LM Studio once its model browser matures."
INSTEAD_OF = "For the prototype we went with Chroma instead of Milvus, mostly for the install story."
COMPATIBLE = "For the new cluster we tried Qdrant, which is Pinecone-compatible at the API level."
RIVALS_SPACE = "Rivals in the vector search space include Milvus from Zilliz, Pinecone and Vespa."
CATEGORY_LIST = "Python developers have no shortage of vector databases: Milvus, Pinecone, Vespa and Chroma."
CATEGORY_EXAMPLES = "Other vector databases in Go are, for example, Weaviate and Milvus."
CATEGORY_MIXED = "It couples with libraries like LanceDB and Python for the heavy lifting."
ALTERNATIVES_LIKE = "Pinecone alternatives like Qdrant, Milvus, and Chroma cost less at our scale."
RUNDOWN = "- Milvus: the most deployed at scale\n- Pinecone: fully managed, no servers\n- Qdrant - filtering done right"
NOT_BUT = "Chroma is not a drop-in replacement for Milvus but is a drop-in replacement for Pinecone."
ALTERNATIVE_ASIDE = "Chroma is an open-source alternative (Apache 2.0) to Pinecone for small teams."
NUMBERED_NAMES = "There were only three possible contenders:\n1. Milvus\n2. Pinecone\n3. Qdrant."
CATEGORY_IN_SPACE = "Other vector databases in this space: Milvus, Vespa, and Chroma."
EXAMPLE_PAIR = "Most teams pick open-source engines (e.g. Milvus, Vespa) for the price."  # "e.g.": two examples are a list
COMPARING = "Teams comparing Milvus and Vespa sometimes also evaluate Chroma."
IN_FAVOUR_OF = "Our platform team is removing Pinecone in favour of Qdrant this quarter."
IN_FAVOUR_HEAD = "The new build eschews the Zilliz-developed Milvus cluster in favor of alternatives such as Chroma."
LANGUAGE_KIND_DASH = "The review covers open-source Rust vector databases—including Qdrant and LanceDB—side by side."
GOOD_OPTIONS = "Honestly Milvus and Vespa are both good options for a team our size."
SIMILAR_SPACE = "LanceDB occupies a similar space as Chroma but embeds in the process."
STACK_RUNDOWN = "- PostgreSQL: the source of truth\n- Redis: the cache in front of it\n- Apache Kafka: the event log"

# ---- threatens ------------------------------------------------------------------------------------------------
KILL_CUE = ("Ollama owns the terminal crowd today. What could kill it within 18 months: Apple ships a local "
            "model runner inside macOS.")
BY_YEAR = "By 2027, Cloudflare Containers threatens Daytona on price for short-lived jobs."
NEXT_QUARTER = "What sinks E2B next quarter is Modal turning its sandboxes into the default for agent code."
IF_BEATS = "If Docker Model Runner beats it next quarter, Ollama loses the default install slot."
TAKING_PLACE = "Runloop Devbox is winding down, and Modal is taking its place for our agent jobs."
NEXT_BIG_THING = "Modal is the next big thing after Daytona, if the pricing holds."
TAKES_OVER = "For long jobs Modal takes over from E2B, which stays for the short ones."
CLEFT = "Notes from the renewal call: E2B sounded calm, but Modal is what keeps E2B up at night."
WHOSE = "Pricing is tight for them: Runloop Devbox, whose per-second billing is a direct shot at Daytona, just launched."
RISK_FOR = "The real risk for E2B is the clouds: Modal and Runloop Devbox both sell sandboxes by the second."
OWNER_RISK = "Daytona's biggest worry isn't Modal, it's Runloop Devbox."
SURPASSING = "Downloads doubled this spring, with Modal surpassing E2B for the first time."
SURPASSED_BY = "In downloads E2B was surpassed by Modal."  # passive: the actor follows "by"
REPLACED_AS_DEFAULT = "At work E2B was replaced by Modal as the default sandbox."
EXISTENTIAL = "Honestly Modal poses an existential threat to E2B."  # "an", and an adjective
REPRESENTS_THREAT = "For now Modal represents a significant threat to E2B's business model."  # "represents", a possessive
CRUSHING = "Last year Modal was crushing E2B's sandbox business."
COULD_SURPASS = "Give it time: Modal could surpass E2B."  # a modal verb before the bare "surpass"
TEAMS_DROPPING = "Most teams are dropping E2B for Modal."  # a group drops one product for another
LOSE_THE_MINDSHARE = "E2B will lose the mindshare to Modal."
WINNING_DEALS = "Lately Modal is winning deals against E2B."
BECOME_THREAT = "Modal could become a real threat to E2B within two years."  # hedged, with its horizon
QUIETLY_REPLACING = "In most agent stacks Modal is quietly replacing E2B."
EDGING_AHEAD = "With a 10% share Modal has already caught up with E2B."
LOSES = "If Modal keeps cutting prices like this, E2B loses the renewal next quarter."
DANGER = "The biggest threat to Daytona is Runloop Devbox, probably within two years."
DEPRECATED_FOR = "Honestly E2B is being deprecated in favour of Modal across our whole org."
EXODUS = "Lately everyone is migrating from E2B to Modal, because the cold starts are faster."
ADMINS_EXODUS = "Network administrators are increasingly migrating from E2B to Modal, for the licence."
FRAMEWORKS_SWITCHED = "Rails and many other frameworks have switched from E2B to Modal."
WE_SWITCHED = "We switched from E2B to Modal last year."  # one team's move: competition, no threat
CHOOSING_TO_MIGRATE = "Many companies are choosing to migrate from Daytona to Runloop Devbox for the snapshots."
SUCCESSOR = "Runloop Devbox is the successor to Daytona and will eventually replace it."
RIVAL_FATE = "E2B keeps growing. Over the same time, Runloop Devbox usage has fallen from 17% to 11%."
THAT_THREATENS = "E2B grew into a hardened, stable toolkit that legitimately threatens the Runloop Devbox monopoly."
KILLER_ADJECTIVE = "With persistent volumes, Modal is a total Runloop Devbox killer."
THE_KILLER = "With persistent volumes, Modal is the Runloop Devbox killer we waited for."
DAYS_NUMBERED = "E2B keeps shipping, and Runloop Devbox's days are numbered."
NOTHING_THREATENS = "Honestly nothing threatens Runloop Devbox here."
HEIR_APPARENT = "Modal is the heir apparent to E2B for long-running jobs."
USURPED = "Modal usurped E2B as the default sandbox for agent builders."
LOST_LEAD = "E2B lost its lead to Modal once GPUs arrived."
STREAM_OF_USERS = "E2B is fine, but a steady stream of users move to Modal for the GPUs."

OWN_MAKER = "The biggest threat to GitHub Copilot is Microsoft, which keeps renaming it."

# the subject is one of the things "made with": no user is named, so nothing depends on anything
MADE_WITH_THE_SUBJECT = "Backups made with Restic or Kopia are incremental in nature."

# ---- depends_on / developed_by --------------------------------------------------------------------------------
BUILT_ON = "Ollama is built on top of llama.cpp, which does all the heavy lifting."
USES_UNDER_HOOD = "E2B uses Firecracker microVMs under the hood, so each sandbox boots fast."
POSSESSIVE_MAKER = "Meta's Llama is the model most people pull first."
OPENER_MAKER = "Jan came up too, the desktop one from the team at Menlo Research, but nobody wanted another app."
BUILT_BY = "Milvus is built by Zilliz, which also sells the hosted version."
MAKER_MODIFIER = "We dropped the Zilliz-developed Milvus for something lighter."
MAKER_WORDS_BY = "Milvus was created years ago by Zilliz for image search."
MAKER_ASIDE = "Our pick came from Zilliz (the makers of Milvus) after a bake-off."
BOUGHT_BY = "Milvus was bought by Zilliz, who now maintain it."
PLATFORM_MAKER = "Milvus should run on Google's Android phones too."
ACQUIRED = "Modal has acquired Daytona, and the team stays."  # a buyer the catalog knows as a product
ACQUISITION_OF = "Modal's acquisition of Daytona closed in May."
IT_LATER = "Daytona is where we started. Our team likes Milvus, but it runs on Kubernetes and that is a lot of cluster to babysit."
IT_NEXT = "Ollama is fine, but for the team: Jan is a desktop app. It's built on top of open-source llama.cpp."
PULLS_IN = "Qdrant is fine, but Weaviate's TypeScript Client pulls in Axios as a hard dependency."
SHOUTED_NO = "For the record, Qdrant does NOT need Kafka; it ships with RocksDB built in."
TWO_DEPENDENCIES = "Daytona runs on Kubernetes and relies on Docker for isolation."
WRITTEN_IN = "Qdrant is a vector database written in Rust, and it shows in the memory footprint."
WRITTEN_IN_IMPLICIT = "Qdrant keeps surprising me. Written in pure Rust, it idles at a few megabytes."
# the cue's clause names no one: the name opening its sentence is the one built on Go, not the quote's subject
APPOSITIVE = "Ollama wins for scripting. Jan is the friendlier pick — Go-based, with a desktop app."
DEFAULTS_TO = "Jan now defaults to llama.cpp for every local model."
COMES_WITH = "Daytona comes with Docker preinstalled in every workspace."
USES_THE = "E2B uses the Firecracker VMM for each sandbox it starts."
BUILT_WITH = "Ollama is built with Go and starts in a blink."
LANGUAGE_THEN_USING = "Jan is built in TypeScript using the Electron framework for the desktop."
WITH_MORE = "Jan is written in Rust with Tokio and Axum."  # what the first object comes with is used too
BUILT_IT_ON = "When we started Jan, we built it entirely on llama.cpp."  # "it" is the user, not "we"
CITED = "Jan [1] uses Docker for every workspace."  # a citation marker between the user and the verb
FORK_OF_THE_ORIGINAL = "Valkey has a big community. It is a fork of the original Redis project."
BOTH_FORKS = "Teams pick Valkey or KeyDB these days. Both are forks of Redis with a friendlier licence."
REPLACEMENT_WRITTEN_IN = "Jan, a modern replacement for Ollama written in Rust, starts fast."  # Jan's Rust
USED_IN = "Honestly llama.cpp is used in both Ollama and Jan these days."  # what it is used in depends on it
USED_BY_COMPANY = "Qdrant is used by Google for a few internal tools."  # a company's choice, no dependency
INCORPORATED_INTO = "RocksDB is incorporated into Qdrant, Milvus and other vector stores."  # they depend on it
REQUIRED_BY = "In practice RocksDB is required by both Qdrant and Milvus."  # passive: they need it
DITCHED_FOR = "Last spring we ditched Pinecone for LanceDB."  # a move: the two compete
DROPPED_SUPPORT = "The Chroma team dropped support for LanceDB files."
INCLUDED_IN = "These days llama.cpp is included in the Jan installer."  # what includes it depends on it
ONLY_WORKS_WITH = "Jan only works with Docker, which rules it out here."
LANGUAGE_IN_LIST = "Chroma (Trychroma, open source, Python) is the easiest to embed."
MODIFIES_NAME = "Qdrant stays lean where the Java-based Elasticsearch needs a big heap."  # Elasticsearch is Java-based
MODIFIES_LIKE = "Jan replaced Redis-based queues like Sidekiq for its jobs."
MODIFIES_APPOSED = "Three stores compete here: Milvus, the veteran; and Qdrant, a Rust-based newcomer."
MODIFIES_PLURAL = "Jan adds Siri-powered widgets on iOS."  # widgets, none of them named
# a language in parentheses, not a maker
LANGUAGE_ASIDE = "- Chroma (Python) is the easy one; Jan (Google) is not a vector store at all."
BINDING_FOR = "PyJiter is the thin binding for Jiter, and fast."
BASED_AT_END = "For the queue we use Weaviate, which is Pinecone-compatible and Go based."
PORT_ASIDE = "Automerge, Loro, and KeyDB (the fast port of Redis) have shipped."
BASED_ON_RELEASE = "They started a new project named Valkey based on the last open release of Redis."
ORIGINATED_RELEASE = "Valkey originated from the last BSD-licensed release of Redis, and it shows."
DESCENDED_FROM = "Valkey descended from Redis after the licence change."
NOT_WITHOUT = "Ollama wouldn't be possible without llama.cpp doing the heavy lifting."
JUST_WITH_A_UI = "LM Studio is just llama.cpp with a friendly GUI on top."
FORKED_INTO = "Redis was forked into Valkey by the community."
SPACE_BASED = "Jan is a python based desktop app for local models."
WRITTEN_FIRST = "Written in Rust for speed, Qdrant focuses on filtering above all."  # the user after the object
USES_THE_PROTOCOL = "Daytona uses the Zorbit protocol for every sandbox handshake."
APPOSITIVE_BINARY = "Qdrant (the new Rust contender) keeps growing."
SUPPORTERS_FIRST = "Supported by AWS, Google and Oracle, Valkey is a fork of Redis."  # companies use nothing here
TEAM_RELIES = "At my shop we rely heavily on Chroma for retrieval."  # a team's choice, not a product's dependency
ADJECTIVE_FIRST = "Daytona requires a compatible Docker install on every host."
WHICH_USES = "Jan feels light next to Daytona, which uses Kubernetes for every workspace."
BUILD_ON = "Qdrant and Milvus both build on RocksDB for their storage."
UTILIZES = "E2B utilizes Firecracker for every sandbox it starts."
OWNERS_WHICH = "Daytona was easy to set up. Milvus's own managed stack (which needs Kubernetes and Docker) was not."
THIS_PROJECT = "This project uses Kubernetes for every workspace, and nobody misses the old VMs."
LEVERAGE_THE = "E2B leverages the Firecracker VMM on every host it runs."
WRAPPER_ADJECTIVE = "Honestly Jan is a polished wrapper for llama.cpp, and that is fine."
UNDER_THE_HOOD_OPENER = "Firecracker under the hood, a tiny API on top, and E2B just works."
REIMPLEMENTS_IN = "Qdrant reimplements the whole index in Rust for speed."
MODIFIER_NOT_ACTOR = "Honestly Jan is a Go wrapper around llama.cpp, nothing more."
CONTRAST_NOT_LIST = "In contrast to Daytona, Qdrant is a thin Rust layer on top of RocksDB."
CATALOG_MAKER = "Milvus is a database with serious Zilliz money behind it."

# ---- precision: products named, but no relation cue ------------------------------------------------------------
# Products side by side: a migration, a trial, a comparison. The real-review guide counts these as
# competition (tests/data/real/README.md), so whatever is found between them is competes_with.
SIDE_BY_SIDE = [
    "I moved my side projects from VS Code to Cursor last spring and the tab completion paid for itself.",
    "We tried Aider and Cline for a week each before settling on Cursor for the whole team.",
    "My bet is that by 2027 most teams will treat Claude Code and Cursor as interchangeable front ends.",
    "Honestly Windsurf felt calmer than Zed when I opened a large TypeScript monorepo.",
    "I keep GitHub Copilot around for quick edits but reach for Windsurf when a refactor spans twenty files.",
    "After a month with Cursor and Sourcegraph Cody side by side, I stopped opening Cody at all.",
    "I have Cursor open at work and Windsurf at home, and most days I forget which one I am in.",
]
# Products named together with no relation between them: a stack, a thesis about a category.
NO_CUE = [
    "Our backend is Python and Postgres, and Cursor handled both without special setup.",
    "The thesis is simple: editors like Cursor win because models from OpenAI and Anthropic keep getting cheaper.",
]

DOCS = [
    ("Qdrant vs Weaviate", [OXFORD, COMPETES_VERB, NEGATED, NEGATED_VERB, NEGATED_DEPENDENCY, NOT_LIKE_OTHER, LIKE_OTHER, NEGATED_MAKER, BACKED_BY_STORE, PRODUCT_OF, PROJECT_FROM_TO, SAME_CROWD, PULLS_IN, SHOUTED_NO,
                            ASIDE, BAKEOFF]),
    ("Ollama vs LM Studio", [ALTERNATIVE, MAIN_ALTERNATIVES, HEDGED, KILL_CUE]),
    ("Ollama vs Jan", [IF_BEATS, BUILT_ON, POSSESSIVE_MAKER, IT_NEXT, APPOSITIVE]),
    ("E2B vs Runloop Devbox", [ADMINS_EXODUS, FRAMEWORKS_SWITCHED, WE_SWITCHED, THE_KILLER, DAYS_NUMBERED,
                               TAKING_PLACE, NEXT_BIG_THING, TAKES_OVER, DEPRECATED_FOR, EXODUS,
                               CHOOSING_TO_MIGRATE, SUCCESSOR, RIVAL_FATE, THAT_THREATENS, KILLER_ADJECTIVE,
                               NOTHING_THREATENS, HEIR_APPARENT, USURPED, LOST_LEAD,
                               STREAM_OF_USERS]),
    ("E2B vs Daytona", [SURPASSING, SURPASSED_BY, REPLACED_AS_DEFAULT, EXISTENTIAL, WINNING_DEALS, BECOME_THREAT, QUIETLY_REPLACING, EDGING_AHEAD, BY_YEAR, NEXT_QUARTER, DANGER, USES_UNDER_HOOD, CLEFT, RISK_FOR, OWNER_RISK, LOSES,
                         OPENER_MAKER, REPRESENTS_THREAT, CRUSHING, COULD_SURPASS, TEAMS_DROPPING, LOSE_THE_MINDSHARE]),
    ("Daytona vs Milvus", [OWNERS_WHICH, THIS_PROJECT, BUILT_BY, MAKER_MODIFIER, MAKER_WORDS_BY, MAKER_ASIDE, BOUGHT_BY,
                           TWO_DEPENDENCIES, CATALOG_MAKER, WHOSE, IT_LATER, EVALUATING, PLATFORM_MAKER]),
    ("Daytona after the deal", [ACQUIRED, ACQUISITION_OF]),
    ("Cursor vs Windsurf", NO_CUE + SIDE_BY_SIDE),
    ("GitHub Copilot vs Cursor", [OWN_MAKER]),
    ("Weaviate after a year: notes", [RIVALS_SPACE]),
    ("Notes on a shortlist", [CATEGORY_LIST, CATEGORY_EXAMPLES, CATEGORY_MIXED, RUNDOWN, STACK_RUNDOWN, NUMBERED_NAMES,
                              ALTERNATIVES_LIKE]),
    ("Chroma in the prototype", [INSTEAD_OF, COMPATIBLE, NOT_BUT, ALTERNATIVE_ASIDE]),
    ("Vector store notes", [CATEGORY_IN_SPACE, EXAMPLE_PAIR, COMPARING, DITCHED_FOR, DROPPED_SUPPORT, IN_FAVOUR_OF, IN_FAVOUR_HEAD, SIMILAR_SPACE,
                            LANGUAGE_KIND_DASH, GOOD_OPTIONS]),
    ("Restic review", [MADE_WITH_THE_SUBJECT]),
    ("What Qdrant, Jan, Daytona and E2B are made of", [WRITTEN_IN, WRITTEN_IN_IMPLICIT, DEFAULTS_TO, COMES_WITH,
                                                       USES_THE, BUILT_WITH, ADJECTIVE_FIRST, WHICH_USES, BUILD_ON,
                                                       UTILIZES, LEVERAGE_THE, WRAPPER_ADJECTIVE,
                                                       UNDER_THE_HOOD_OPENER, REIMPLEMENTS_IN, MODIFIER_NOT_ACTOR,
                                                       CONTRAST_NOT_LIST, LANGUAGE_THEN_USING, DESCENDED_FROM,
                                                       NOT_WITHOUT, JUST_WITH_A_UI, FORKED_INTO, SPACE_BASED,
                                                       SUPPORTERS_FIRST, TEAM_RELIES, USES_THE_PROTOCOL,
                                                       APPOSITIVE_BINARY, WRITTEN_FIRST, WITH_MORE,
                                                       BUILT_IT_ON, CITED, FORK_OF_THE_ORIGINAL, BOTH_FORKS,
                                                       LANGUAGE_ASIDE, REPLACEMENT_WRITTEN_IN, USED_IN,
                                                       USED_BY_COMPANY, MODIFIES_NAME, MODIFIES_LIKE,
                                                       INCORPORATED_INTO, REQUIRED_BY, INCLUDED_IN, ONLY_WORKS_WITH, LANGUAGE_IN_LIST,
                                                       MODIFIES_APPOSED, MODIFIES_PLURAL, ORIGINATED_RELEASE,
                                                       BINDING_FOR, BASED_AT_END, PORT_ASIDE, BASED_ON_RELEASE]),
]


@pytest.fixture(scope="module")
def view(tmp_path_factory):
    return GraphView(run_docs(tmp_path_factory.mktemp("relations"), DOCS))


def _rule_findings(extract, text: str, names: tuple[str, ...], subject: str | None = None,
                   sentences: list[tuple[int, int]] | None = None,
                   types: dict[str, str] | None = None) -> set[tuple[str, str, str]]:
    """(source, target, rule) of what one relation extractor's rules find, not rejected, in a quote whose products
    are ``names`` (no scorer, no catalog; ``types`` gives a name another type than Product)."""
    from kg.catalog import load_catalog
    from kg.extract.text import QuoteContext
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable, Hit

    hits = sorted((Hit(m.start(), m.end(), n, n, n, (types or {}).get(n, "Product"), "test") for n in names
                   for m in re.finditer(rf"(?<!\w){re.escape(n)}(?![\w+#])", text)), key=lambda h: h.start)
    ctx = QuoteContext("q1", "d1", text, sentences or [(0, len(text))], hits, [], subject)
    return {(f.source, f.target, f.rule) for f in extract(ctx, load_lexicon(), EntityTable(load_catalog(None)))
            if not f.rejected}


@pytest.mark.parametrize("quote,expected", [
    (OXFORD, {("competes_with", "Milvus", "Qdrant"), ("competes_with", "Pinecone", "Qdrant"),
              ("competes_with", "Qdrant", "pgvector")}),
    (COMPETES_VERB, {("competes_with", "Chroma", "Weaviate")}),
    (ASIDE, {("competes_with", "Pinecone", "Weaviate"), ("competes_with", "Chroma", "Weaviate")}),
    (SAME_CROWD, {("competes_with", "Chroma", "Weaviate"), ("competes_with", "LanceDB", "Weaviate")}),
    (EVALUATING, {("competes_with", "Pinecone", "Qdrant"), ("competes_with", "Qdrant", "Vespa")}),
    (ALTERNATIVE, {("competes_with", "LM Studio", "Ollama")}),
    (MAIN_ALTERNATIVES, {("competes_with", "LocalAI", "Ollama"), ("competes_with", "Ollama", "llama.cpp"),
                         ("competes_with", "Ollama", "vLLM")}),
    (HEDGED, {("competes_with", "Jan", "LM Studio")}),
    # "in this space" may stand between a category noun and its list
    (CATEGORY_IN_SPACE, {("competes_with", "Milvus", "Vespa"), ("competes_with", "Chroma", "Milvus"),
                         ("competes_with", "Chroma", "Vespa")}),
    (EXAMPLE_PAIR, {("competes_with", "Milvus", "Vespa")}),
    (IN_FAVOUR_OF, {("competes_with", "Pinecone", "Qdrant")}),
    # the head of the dropped noun phrase, not the maker glued to it
    (IN_FAVOUR_HEAD, {("competes_with", "Chroma", "Milvus")}),
    (SIMILAR_SPACE, {("competes_with", "Chroma", "LanceDB")}),
    (GOOD_OPTIONS, {("competes_with", "Milvus", "Vespa")}),
    (LANGUAGE_KIND_DASH, {("competes_with", "LanceDB", "Qdrant")}),  # a dash may stand before "including"
    (DITCHED_FOR, {("competes_with", "LanceDB", "Pinecone")}),
    (DROPPED_SUPPORT, set()),  # "support" is no product
])
def test_competition(view, quote, expected):
    assert view.edges(quote, "competes_with") == expected


@pytest.mark.parametrize("quote,expected,among", [
    # the title names the subject; "from Zilliz" is an aside inside the list
    (RIVALS_SPACE, {("competes_with", "Milvus", "Weaviate"), ("competes_with", "Pinecone", "Weaviate"),
                    ("competes_with", "Vespa", "Weaviate")}, {"Weaviate", "Milvus", "Pinecone", "Vespa"}),
    # "Teams comparing …" are people, not Microsoft Teams; Chroma, evaluated with the two, may be their rival
    (COMPARING, {("competes_with", "Milvus", "Vespa")}, {"Milvus", "Vespa", "Chroma"}),
])
def test_listed_rivals_and_at_most_their_fellows(view, quote, expected, among):
    """What the cue states, and nothing outside its names: the scorer may also take the names of one list for rivals
    of each other, as the real annotation guide reads a category list."""
    edges = view.edges(quote, "competes_with")
    assert expected <= edges
    assert all({a, b} <= among for _, a, b in edges)


def test_two_rivals_of_one_product_are_at_most_a_doubtful_pair(view):
    """The stated rivalries are sure; the scorer may guess the two rivals compete too, with less confidence
    than an edge needs elsewhere (its competes_with threshold is lower than the directed types')."""
    stated = {("competes_with", "Milvus", "Weaviate"), ("competes_with", "LanceDB", "Weaviate")}
    assert stated <= view.edges(BAKEOFF, "competes_with") <= stated | {("competes_with", "LanceDB", "Milvus")}
    for relation in view.relations(BAKEOFF, "competes_with"):
        guessed = {view.name(relation.source), view.name(relation.target)} == {"LanceDB", "Milvus"}
        assert relation.confidence < 0.5 if guessed else relation.confidence >= 0.8


def test_the_names_a_category_lists_are_rivals_every_pair(view):
    listed = sorted(["Chroma", "Milvus", "Pinecone", "Vespa"])
    assert view.edges(CATEGORY_LIST, "competes_with") == {
        ("competes_with", a, b) for i, a in enumerate(listed) for b in listed[i + 1:]}
    assert view.edges(CATEGORY_EXAMPLES, "competes_with") == {("competes_with", "Milvus", "Weaviate")}
    assert view.edges(CATEGORY_MIXED, "competes_with") == set()  # a product and a language are no pair
    # "X alternatives like A, B and C": rivals of X and of each other
    listed = ["Chroma", "Milvus", "Pinecone", "Qdrant"]
    assert view.edges(ALTERNATIVES_LIKE, "competes_with") == {
        ("competes_with", a, b) for i, a in enumerate(listed) for b in listed[i + 1:]}


def test_a_rundown_of_products_of_one_kind_is_a_list_of_rivals_and_one_of_several_kinds_a_stack(view):
    assert view.edges(RUNDOWN, "competes_with") == {("competes_with", "Milvus", "Pinecone"),
                                                    ("competes_with", "Milvus", "Qdrant"),
                                                    ("competes_with", "Pinecone", "Qdrant")}
    assert view.edges(STACK_RUNDOWN, "competes_with") == set()


@pytest.mark.parametrize("quote,rejected", [(NEGATED, "Elasticsearch"), (NEGATED_VERB, "Redis")])
def test_negated_competition_makes_no_edge_and_is_reported(view, quote, rejected):
    assert view.edges(quote, "competes_with") == set()
    items = view.report("rejected_relation", quote)
    assert items, "the negated statement should be in the run report"
    target = view.graph.entity(f"ent:{rejected.lower()}")
    assert any(item.message.startswith("competes_with") and target.id in item.message for item in items)
    for item in items:
        assert item.evidence.confidence == 0.0
        assert item.evidence.text == view.quote(quote).text[item.evidence.start:item.evidence.end]


def test_a_dependency_compared_with_another_product_holds_for_that_one(view):
    assert view.edges(NOT_LIKE_OTHER, "depends_on") == {("depends_on", "Milvus", "RocksDB")}
    assert view.edges(LIKE_OTHER, "depends_on") == {("depends_on", "Weaviate", "Kubernetes"),
                                                     ("depends_on", "Milvus", "Kubernetes")}


def test_a_contracted_negation_makes_no_dependency_and_is_reported(view):
    assert view.edges(NEGATED_DEPENDENCY, "depends_on") == set()
    items = view.report("rejected_relation", NEGATED_DEPENDENCY)
    assert any(item.message.startswith("depends_on") and "ent:rocksdb" in item.message for item in items)


def test_an_appositive_product_of_names_its_maker_and_a_project_moved_from_one_does_not(view):
    assert view.edges(PRODUCT_OF, "developed_by") == {("developed_by", "Weaviate", "Zilliz")}
    assert view.edges(PROJECT_FROM_TO, "developed_by") == set()


def test_a_product_ditched_for_another_is_its_rival_by_the_cue(view):
    assert {r.evidence.rule for r in view.relations(DITCHED_FOR, "competes_with")} == {"competes.cue_list"}


def test_a_known_product_backing_another_is_its_store_not_its_maker(view):
    assert view.edges(BACKED_BY_STORE, "developed_by") == set()
    assert view.edges(BACKED_BY_STORE, "depends_on") == {("depends_on", "Milvus", "PostgreSQL")}


def test_a_negated_maker_makes_no_edge_and_is_reported(view):
    assert view.edges(NEGATED_MAKER, "developed_by") == set()
    items = view.report("rejected_relation", NEGATED_MAKER)
    assert any(item.message.startswith("developed_by") and "ent:zilliz" in item.message for item in items)


def test_hedged_competition_has_lower_confidence(view):
    (hedged,) = view.relations(HEDGED, "competes_with")
    (plain,) = view.relations(COMPETES_VERB, "competes_with")
    assert hedged.hedged is True and plain.hedged is False
    assert hedged.confidence < plain.confidence


def test_a_maker_does_not_threaten_its_own_product_and_the_refusal_is_reported(view):
    assert view.edges(OWN_MAKER, "threatens") == set()
    items = view.report("rejected_relation", OWN_MAKER)
    assert any("maker and its own product" in item.message for item in items)


def test_a_named_risk_lists_its_actors_after_a_colon(view):
    assert view.edges(RISK_FOR, "threatens") == {("threatens", "Modal", "E2B"), ("threatens", "Runloop Devbox", "E2B")}


def test_one_team_s_move_is_no_threat(view):
    assert view.edges(WE_SWITCHED, "threatens") == set()


@pytest.mark.parametrize("quote,actor,target,horizon,hedged", [
    (KILL_CUE, "Apple", "Ollama", "18 months", True),
    (BY_YEAR, "Cloudflare Containers", "Daytona", "2027", False),
    (NEXT_QUARTER, "Modal", "E2B", "next quarter", False),
    (IF_BEATS, "Docker Model Runner", "Ollama", "next quarter", True),
    (DANGER, "Runloop Devbox", "Daytona", "2 years", False),
    (CLEFT, "Modal", "E2B", None, False),
    (OWNER_RISK, "Runloop Devbox", "Daytona", None, False),
    (LOSES, "Modal", "E2B", "next quarter", True),
    (WHOSE, "Runloop Devbox", "Daytona", None, False),
    (SURPASSING, "Modal", "E2B", None, False),
    (SURPASSED_BY, "Modal", "E2B", None, False),
    (REPLACED_AS_DEFAULT, "Modal", "E2B", None, False),
    (EXISTENTIAL, "Modal", "E2B", None, False),
    (REPRESENTS_THREAT, "Modal", "E2B", None, False),
    (CRUSHING, "Modal", "E2B", None, False),
    (COULD_SURPASS, "Modal", "E2B", None, True),
    (TEAMS_DROPPING, "Modal", "E2B", None, False),
    (LOSE_THE_MINDSHARE, "Modal", "E2B", None, False),
    (WINNING_DEALS, "Modal", "E2B", None, False),
    (BECOME_THREAT, "Modal", "E2B", "2 years", True),
    (QUIETLY_REPLACING, "Modal", "E2B", None, False),
    (EDGING_AHEAD, "Modal", "E2B", None, False),
    (DEPRECATED_FOR, "Modal", "E2B", None, False),
    (EXODUS, "Modal", "E2B", None, False),
    (ADMINS_EXODUS, "Modal", "E2B", None, False),  # any users as a group, with an adverb
    (THE_KILLER, "Modal", "Runloop Devbox", None, False),
    (DAYS_NUMBERED, "E2B", "Runloop Devbox", None, False),  # the quote's subject gains what a rival loses
    (FRAMEWORKS_SWITCHED, "Modal", "E2B", None, False),
    (CHOOSING_TO_MIGRATE, "Runloop Devbox", "Daytona", None, False),  # "choosing to", "starting to" before the verb
    (SUCCESSOR, "Runloop Devbox", "Daytona", None, False),
    (RIVAL_FATE, "E2B", "Runloop Devbox", None, False),  # the quote's subject gains what a rival loses
    (THAT_THREATENS, "E2B", "Runloop Devbox", None, False),  # "that" points back at the quote's subject
    (TAKING_PLACE, "Modal", "Runloop Devbox", None, False),  # "its" is the quote's subject
    (NEXT_BIG_THING, "Modal", "Daytona", None, False),
    (TAKES_OVER, "Modal", "E2B", None, False),
    (HEIR_APPARENT, "Modal", "E2B", None, False),  # an heir, like a successor
    (USURPED, "Modal", "E2B", None, False),
    (LOST_LEAD, "Modal", "E2B", None, False),
    (STREAM_OF_USERS, "Modal", "E2B", None, False),  # users as a group, the verb in the present
])
def test_threats_with_horizons(view, quote, actor, target, horizon, hedged):
    threats = [(view.name(r.source), view.name(r.target), r.horizon, r.hedged)
               for r in view.relations(quote, "threatens")]
    assert threats == [(actor, target, horizon, hedged)]


def test_a_killer_with_an_adjective_is_a_threat_and_a_negated_verb_is_none(view):
    assert ("Runloop Devbox",) == tuple(view.name(r.target) for r in view.relations(KILLER_ADJECTIVE, "threatens"))
    assert view.relations(NOTHING_THREATENS, "threatens") == []


def test_a_deprecation_in_favour_of_a_rival_is_also_competition(view):
    assert view.edges(DEPRECATED_FOR, "competes_with") == {("competes_with", "E2B", "Modal")}


def test_hedged_threat_has_lower_confidence(view):
    (hedged,) = view.relations(IF_BEATS, "threatens")
    (plain,) = view.relations(BY_YEAR, "threatens")
    assert hedged.confidence < plain.confidence


@pytest.mark.parametrize("quote,expected", [
    (BUILT_ON, {("depends_on", "Ollama", "llama.cpp")}),
    (USES_UNDER_HOOD, {("depends_on", "E2B", "Firecracker")}),
    (IT_LATER, {("depends_on", "Milvus", "Kubernetes")}),
    (IT_NEXT, {("depends_on", "Jan", "llama.cpp")}),
    (PULLS_IN, {("depends_on", "Weaviate", "Axios")}),
    (SHOUTED_NO, {("depends_on", "Qdrant", "RocksDB")}),
    (WRITTEN_IN, {("depends_on", "Qdrant", "Rust")}),
    # the language a product is built in uses nothing: the product uses what follows
    (LANGUAGE_THEN_USING, {("depends_on", "Jan", "TypeScript"), ("depends_on", "Jan", "Electron")}),
    (BUILT_IT_ON, {("depends_on", "Jan", "llama.cpp")}),
    (WITH_MORE, {("depends_on", "Jan", "Rust"), ("depends_on", "Jan", "Tokio"),
                 ("depends_on", "Jan", "Axum")}),
    (WRITTEN_IN_IMPLICIT, {("depends_on", "Qdrant", "Rust")}),
    (DEFAULTS_TO, {("depends_on", "Jan", "llama.cpp")}),
    (COMES_WITH, {("depends_on", "Daytona", "Docker")}),
    (USES_THE, {("depends_on", "E2B", "Firecracker")}),
    (BUILT_WITH, {("depends_on", "Ollama", "Go")}),
    (ADJECTIVE_FIRST, {("depends_on", "Daytona", "Docker")}),
    (WHICH_USES, {("depends_on", "Daytona", "Kubernetes")}),
    (BUILD_ON, {("depends_on", "Qdrant", "RocksDB"), ("depends_on", "Milvus", "RocksDB")}),
    (UTILIZES, {("depends_on", "E2B", "Firecracker")}),
    (OWNERS_WHICH, {("depends_on", "Milvus", "Kubernetes"), ("depends_on", "Milvus", "Docker")}),
    (THIS_PROJECT, {("depends_on", "Daytona", "Kubernetes")}),
    (LEVERAGE_THE, {("depends_on", "E2B", "Firecracker")}),
    (WRAPPER_ADJECTIVE, {("depends_on", "Jan", "llama.cpp")}),
    (UNDER_THE_HOOD_OPENER, {("depends_on", "E2B", "Firecracker")}),
    (REIMPLEMENTS_IN, {("depends_on", "Qdrant", "Rust")}),
    # "a Go wrapper": Go says what it is written in, not who wraps
    (MODIFIER_NOT_ACTOR, {("depends_on", "Jan", "llama.cpp"), ("depends_on", "Jan", "Go")}),
    (CONTRAST_NOT_LIST, {("depends_on", "Qdrant", "RocksDB"), ("depends_on", "Qdrant", "Rust")}),  # "In contrast to Daytona," is no list
    (APPOSITIVE, {("depends_on", "Jan", "Go")}),
    (DESCENDED_FROM, {("depends_on", "Valkey", "Redis")}),
    (ORIGINATED_RELEASE, {("depends_on", "Valkey", "Redis")}),  # a release, version or code of the origin
    (BASED_ON_RELEASE, {("depends_on", "Valkey", "Redis")}),
    (BINDING_FOR, {("depends_on", "PyJiter", "Jiter")}),
    # "X based" closing a clause; "which" points at the name through a coordinated predicate
    (BASED_AT_END, {("depends_on", "Weaviate", "Go")}),
    # a parenthesis that opens as a noun phrase is about the name it follows
    (PORT_ASIDE, {("depends_on", "KeyDB", "Redis")}),
    (NOT_WITHOUT, {("depends_on", "Ollama", "llama.cpp")}),
    (JUST_WITH_A_UI, {("depends_on", "LM Studio", "llama.cpp")}),
    (FORKED_INTO, {("depends_on", "Valkey", "Redis")}),  # what a product was forked into depends on it
    (SPACE_BASED, {("depends_on", "Jan", "Python")}),
    (SUPPORTERS_FIRST, {("depends_on", "Valkey", "Redis")}),
    (TEAM_RELIES, set()),
    (USES_THE_PROTOCOL, {("depends_on", "Daytona", "Zorbit")}),
    (WRITTEN_FIRST, {("depends_on", "Qdrant", "Rust")}),
    (APPOSITIVE_BINARY, {("depends_on", "Qdrant", "Rust")}),  # "(the new Rust contender)": written in Rust
    (CITED, {("depends_on", "Jan", "Docker")}),
    (FORK_OF_THE_ORIGINAL, {("depends_on", "Valkey", "Redis")}),
    # "both": the two just named
    (BOTH_FORKS, {("depends_on", "Valkey", "Redis"), ("depends_on", "KeyDB", "Redis")}),
    (LANGUAGE_ASIDE, {("depends_on", "Chroma", "Python")}),
    (REPLACEMENT_WRITTEN_IN, {("depends_on", "Jan", "Rust")}),
    (USED_IN, {("depends_on", "Ollama", "llama.cpp"), ("depends_on", "Jan", "llama.cpp")}),
    (USED_BY_COMPANY, set()),
    # a compound modifier ("Java-based") belongs to the name its noun phrase is, not to the quote's subject
    (MODIFIES_NAME, {("depends_on", "Elasticsearch", "Java")}),
    (MODIFIES_LIKE, {("depends_on", "Sidekiq", "Redis")}),
    (MODIFIES_APPOSED, {("depends_on", "Qdrant", "Rust")}),
    (MODIFIES_PLURAL, set()),
    (INCORPORATED_INTO, {("depends_on", "Qdrant", "RocksDB"), ("depends_on", "Milvus", "RocksDB")}),
    (REQUIRED_BY, {("depends_on", "Qdrant", "RocksDB"), ("depends_on", "Milvus", "RocksDB")}),
    (INCLUDED_IN, {("depends_on", "Jan", "llama.cpp")}),
    (ONLY_WORKS_WITH, {("depends_on", "Jan", "Docker")}),
    (LANGUAGE_IN_LIST, {("depends_on", "Chroma", "Python")}),  # a language among a parenthesis's items
    # a language naming a kind of product, and the products of that kind it introduces
    (LANGUAGE_KIND_DASH, {("depends_on", "Qdrant", "Rust"), ("depends_on", "LanceDB", "Rust")}),
])
def test_dependencies(view, quote, expected):
    assert view.edges(quote, "depends_on") == expected


def test_coordinated_dependencies_share_their_subject(view):
    assert view.edges(TWO_DEPENDENCIES, "depends_on") == {("depends_on", "Daytona", "Kubernetes"),
                                                          ("depends_on", "Daytona", "Docker")}


@pytest.mark.parametrize("quote,product,maker,rule", [
    (POSSESSIVE_MAKER, "Llama", "Meta", "maker.possessive"),
    (BUILT_BY, "Milvus", "Zilliz", "maker.by"),
    (OPENER_MAKER, "Jan", "Menlo Research", "maker.by"),
    (MAKER_MODIFIER, "Milvus", "Zilliz", "maker.modifier"),  # "the Zilliz-developed Milvus"
    (MAKER_WORDS_BY, "Milvus", "Zilliz", "maker.by"),  # "created years ago by"
    (MAKER_ASIDE, "Milvus", "Zilliz", "maker.verb"),  # "Zilliz (the makers of Milvus)"
    (BOUGHT_BY, "Milvus", "Zilliz", "maker.by"),  # an owner that now maintains it
    (PLATFORM_MAKER, "Android", "Google", "maker.possessive"),  # a platform has a maker too
    (ACQUIRED, "Daytona", "Modal", "maker.verb"),  # "has acquired": only a company buys a product
    (ACQUISITION_OF, "Daytona", "Modal", "maker.verb"),
])
def test_makers(view, quote, product, maker, rule):
    relations = view.relations(quote, "developed_by")
    assert {(view.name(r.source), view.name(r.target)) for r in relations} == {(product, maker)}
    assert rule in {r.evidence.rule for r in relations}


def test_a_catalog_maker_is_evidenced_by_both_names(view):
    (relation,) = view.relations(CATALOG_MAKER, "developed_by")
    assert relation.evidence.rule == "maker.catalog"
    assert relation.evidence.text.startswith("Milvus") and relation.evidence.text.endswith("Zilliz")


@pytest.mark.parametrize("quote", [OXFORD, BUILT_ON, BUILT_BY, USES_UNDER_HOOD, TWO_DEPENDENCIES, CATALOG_MAKER])
def test_evidence_shows_both_names_of_a_sentence(view, quote):
    for relation in view.relations(quote):
        assert {view.name(relation.source).lower(), view.name(relation.target).lower()} <= \
            set(relation.evidence.text.lower().replace(",", " ").split()) | {relation.evidence.text.lower()}, relation


@pytest.mark.parametrize("quote", NO_CUE)
def test_products_named_without_a_cue_make_no_relation(view, quote):
    assert len(view.relations(quote)) == 0
    assert len({m.entity_id for m in view.graph.mentions if m.quote_id == view.quote(quote).id}) >= 2


@pytest.mark.parametrize("quote", SIDE_BY_SIDE)
def test_products_side_by_side_are_only_ever_competitors(view, quote):
    assert {r.type for r in view.relations(quote)} <= {"competes_with"}


def test_a_migration_is_competition(view):
    assert view.edges(SIDE_BY_SIDE[0]) == {("competes_with", "Cursor", "VS Code")}


def test_vs_in_the_title_alone_is_not_competition(view):
    """The title sets Cursor against Windsurf; only quotes that name both may say they compete."""
    pair = {"ent:cursor", "ent:windsurf"}
    for r in view.graph.relations:
        if r.type == "competes_with" and {r.source, r.target} == pair:
            text = next(q.text for q in view.graph.quotes if q.id == r.evidence.quote_id)
            assert "Cursor" in text and "Windsurf" in text


def test_every_relation_points_at_its_evidence(view):
    assert len(view.graph.relations) >= 15
    for r in view.graph.relations:
        quote = next(q for q in view.graph.quotes if q.id == r.evidence.quote_id)
        span = quote.text[r.evidence.start:r.evidence.end]
        assert r.evidence.text == span
        assert r.evidence.rule and r.evidence.confidence == r.confidence
        forms = view.forms(r.source) | view.forms(r.target)
        assert any(form in span.lower() for form in forms), (r.type, r.source, r.target, span)


def test_one_product_instead_of_another_competes(view):
    assert view.edges(INSTEAD_OF, "competes_with") == {("competes_with", "Chroma", "Milvus")}
    (r,) = view.relations(INSTEAD_OF, "competes_with")
    assert r.evidence.rule == "competes.cue_list"


def test_a_product_compatible_with_another_competes_with_it(view):
    assert ("competes_with", "Pinecone", "Qdrant") in view.edges(COMPATIBLE, "competes_with")
    rules = {tuple(sorted((view.name(r.source), view.name(r.target)))): r.evidence.rule
             for r in view.relations(COMPATIBLE, "competes_with")}
    assert rules.pop(("Pinecone", "Qdrant")) == "competes.compatible"
    # the scorer may also read "we tried Qdrant" in a review of Chroma, another vector database, as an alternative
    assert all("Chroma" in pair and rule.startswith("scorer.") for pair, rule in rules.items())


def test_a_negation_before_but_leaves_the_rivalry_after_it(view):
    edges = view.edges(NOT_BUT, "competes_with")
    assert ("competes_with", "Chroma", "Pinecone") in edges and ("competes_with", "Chroma", "Milvus") not in edges


def test_an_aside_between_alternative_and_to_leaves_the_rivalry(view):
    assert view.edges(ALTERNATIVE_ASIDE, "competes_with") == {("competes_with", "Chroma", "Pinecone")}


def test_the_subject_among_the_things_used_is_not_their_user(view):
    assert view.edges(MADE_WITH_THE_SUBJECT, "depends_on") == set()


def test_a_numbered_list_of_names_alone_is_a_rundown_of_rivals(view):
    assert view.edges(NUMBERED_NAMES, "competes_with") == {("competes_with", "Milvus", "Pinecone"),
                                                           ("competes_with", "Milvus", "Qdrant"),
                                                           ("competes_with", "Pinecone", "Qdrant")}


def test_a_list_a_line_introduces_as_candidates_is_a_rundown_of_rivals_of_any_kind():
    from kg.extract.relations.competes_with import competes_with

    quote = ("A bit of googling turned up a few candidates:\n- [Zorbit](https://zorbit.example/)\n"
             "- [Quillbase](https://quillbase.example/) (an unofficial, lightweight server of its own)")

    def rules(text: str) -> set[tuple[str, str, str]]:
        lines = [(m.start(), m.end()) for m in re.finditer(r"[^\n]+", text)]
        return _rule_findings(competes_with, text, ("Zorbit", "Quillbase"), sentences=lines)

    assert rules(quote) == {("Zorbit", "Quillbase", "competes.rundown")}
    assert rules(quote.replace("a few candidates", "our stack")) == set()  # two items and no intro: no rundown


def test_a_clone_of_a_product_names_no_rival_in_what_qualifies_the_clone(tmp_path):
    view = GraphView(run_docs(tmp_path, [("Ollama vs Jan", ["Jan is a Python clone of LM Studio with fewer features."])]))
    assert ("competes_with", "Jan", "Python") not in view.edges("Jan is a Python clone of LM Studio with fewer features.",
                                                               "competes_with")


@pytest.mark.parametrize("title,quote,contrasted", [
    ("Notes", "Unlike Milvus, Qdrant is a single binary.", {("Milvus", "Qdrant")}),
    ("Notes", "Just like Pinecone or Vespa, Qdrant filters during the search.", {("Pinecone", "Qdrant"), ("Qdrant", "Vespa")}),
    ("Chroma review", "Unlike Milvus, it needs no Kubernetes.", {("Chroma", "Milvus")}),  # "it": the subject
    ("Notes", "Like most vector stores, Qdrant has a REST API.", set()),  # no name to liken it to
    # an aside that contrasts, inside the sentence: a rival of the name that opens it
    ("Notes", "Qdrant runs as one binary and, unlike Milvus and Vespa, needs no cluster.",
     {("Milvus", "Qdrant"), ("Qdrant", "Vespa")}),
    ("Chroma review", "It embeds in the app, unlike Milvus, and needs no server.", {("Chroma", "Milvus")}),
    ("Notes", "We keep logs for a year, like Milvus, because it is cheap.", set()),  # "like": an example, no contrast
])
def test_a_sentence_opening_by_likening_or_contrasting_names_rivals(tmp_path, title, quote, contrasted):
    view = GraphView(run_docs(tmp_path, [(title, [quote])]))
    by_rule = {tuple(sorted((view.name(r.source), view.name(r.target)))) for r in view.relations(quote, "competes_with")
               if r.evidence.rule == "competes.contrast"}
    assert by_rule == contrasted
    assert {("competes_with", a, b) for a, b in contrasted} <= view.edges(quote, "competes_with")


@pytest.mark.parametrize("quote", [
    "There are many vector databases (Milvus, Pinecone, Vespa). Of those, I would pick Vespa.",
    "The big vector databases — Milvus, Pinecone, Vespa — all have hosted tiers.",
    "Pick one of the vector databases such as (all excellent) Milvus, Pinecone and Vespa.",
])
def test_a_category_may_list_its_names_in_parentheses_between_dashes_or_after_an_aside(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    listed = ["Milvus", "Pinecone", "Vespa"]
    assert {("competes_with", a, b) for i, a in enumerate(listed) for b in listed[i + 1:]} <= \
        view.edges(quote, "competes_with")
    assert {r.evidence.rule for r in view.relations(quote, "competes_with")} == {"competes.category_list"}


@pytest.mark.parametrize("quote,rivals", [
    ("Modern coding agents such as Zorbcode and Plonkex can do the migration.", True),  # a kind of products
    ("No-log VPNs like Zorbvpn, Plonkvpn and Quuxvpn all ship it.", True),
    ("Common plugins such as zorb-nesting, plonk-modules and quux-prefixer still work.", False),  # parts of one tool
])
def test_a_kind_of_tools_lists_rivals_but_a_tool_s_plugins_do_not(tmp_path, quote, rivals):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    rules = {r.evidence.rule for r in view.relations(quote, "competes_with")}
    assert ("competes.category_list" in rules) is rivals


def test_two_names_in_parentheses_after_a_category_are_no_list(tmp_path):
    quote = "Evals get absorbed into the observability vendors (Milvus, Pinecone) and the model platforms."
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert "competes.category_list" not in {r.evidence.rule for r in view.relations(quote)}


def test_other_things_of_a_kind_are_rivals_of_the_subject_too(tmp_path):
    view = GraphView(run_docs(tmp_path, [("Chroma review", [
        "Chroma is easy to embed. Other vector databases in Go are, for example, Weaviate and Milvus."])]))
    edges = view.edges("Chroma is easy to embed. Other vector databases in Go are, for example, Weaviate and Milvus.",
                       "competes_with")
    assert edges == {("competes_with", "Chroma", "Milvus"), ("competes_with", "Chroma", "Weaviate"),
                     ("competes_with", "Milvus", "Weaviate")}


@pytest.mark.parametrize("quote,owner,listed", [
    ("In my experience, Chroma and its nominal competitors Milvus and Vespa are all unprepared for this.",
     "Chroma", ["Milvus", "Vespa"]),
    ("Qdrant's competitors Milvus and Pinecone both have hosted tiers.", "Qdrant", ["Milvus", "Pinecone"]),
    ("Chroma is a lighter alternative to Milvus and Vespa for small teams.", "Chroma", ["Milvus", "Vespa"]),
])
def test_the_names_one_rivalry_cue_lists_are_rivals_of_each_other_too(tmp_path, quote, owner, listed):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    fellows = {("competes_with", *sorted(listed))}
    assert view.edges(quote, "competes_with") == {("competes_with", *sorted((owner, x))) for x in listed} | fellows
    rules = {tuple(sorted((view.name(r.source), view.name(r.target)))): r.evidence.rule
             for r in view.relations(quote, "competes_with")}
    assert rules[tuple(sorted(listed))] == "competes.cue_list_fellows"


@pytest.mark.parametrize("quote", [
    "Caddy has few dependencies: Avahi, GnuTLS and libpng.",
    "Of the dependencies Avahi 0.8, GnuTLS 3.0 and libpng 1.6 are noted.",
    "Its only runtime dependencies are Avahi, GnuTLS and libpng.",
])
def test_a_list_of_dependencies_is_what_the_product_depends_on_not_a_list_of_rivals(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Caddy: a review", ["Caddy is a web server.", quote])]))
    assert view.edges(quote, "depends_on") == {("depends_on", "Caddy", x) for x in ("Avahi", "GnuTLS", "libpng")}
    assert view.edges(quote, "competes_with") == set()


@pytest.mark.parametrize("title,quote,actor,target", [
    ("Notes", "Moment.js is dead, long live Day.js!", "Day.js", "Moment.js"),
    ("Notes", "Moment.js is dead. Long live Day.js.", "Day.js", "Moment.js"),  # a cue into the next sentence
    ("Substack review", "Substack had a bad year, and many writers are leaving for alternatives like Ghost.", "Ghost",
     "Substack"),
    ("Homebrew review", "Homebrew works, but developers are switching to Nix for reproducible setups.", "Nix", "Homebrew"),
    ("Copilot review", "Cursor is undermining GitHub Copilot.", "Cursor", "GitHub Copilot"),
    ("Copilot review", "Cursor and Windsurf represent the biggest threats to GitHub Copilot.", "Windsurf", "GitHub Copilot"),
])
def test_a_death_and_its_heir_or_a_crowd_leaving_for_a_rival_is_a_threat(tmp_path, title, quote, actor, target):
    view = GraphView(run_docs(tmp_path, [(title, [quote])]))
    assert ("threatens", actor, target) in view.edges(quote, "threatens")


def test_a_product_that_can_replace_another_is_an_alternative_not_a_threat(tmp_path):
    quote = "Cilium can replace kube-proxy for leaner deployments, and Qdrant could replace Pinecone next year."
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert ("threatens", "Qdrant", "Pinecone") in view.edges(quote, "threatens")  # a prediction is a threat
    assert ("threatens", "Cilium", "kube-proxy") not in view.edges(quote, "threatens")


@pytest.mark.parametrize("title,threats", [
    ("How Zorbit took over from Quillbase", {("Zorbit", "Quillbase")}),
    ("Zorbit surpassed Quillbase last year", {("Zorbit", "Quillbase")}),
    ("Quillbase notes: Zorbit compared", set()),
    ("Quillbase is dead, what happens to Zorbit?", set()),  # no subject to fall back on: the threat is unnamed
])
def test_a_title_states_a_threat_between_the_products_it_names(title, threats):
    from kg.catalog import load_catalog
    from kg.extract.relations.threatens import title_threats
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable

    table = EntityTable(load_catalog(None))
    products = [table.root(table.add_discovered(name, "Product")) for name in ("Zorbit", "Quillbase")]
    found = title_threats(title, "doc", products, None, table, load_lexicon())
    assert {(table.name(a), table.name(b)) for a, b in found} == threats


def test_a_rivalry_is_a_threat_where_the_document_s_title_says_who_displaces_whom(tmp_path):
    quote = "Zorbit and Quillbase are both fine editors, and Zorbit is faster than Quillbase."
    view = GraphView(run_docs(tmp_path, [("How Zorbit took over from Quillbase", [quote]),
                                         ("Editors: Zorbit and Quillbase compared", [quote + " Both are free."])]))
    assert ("threatens", "Zorbit", "Quillbase") in view.edges(quote, "threatens")
    assert {r.evidence.rule for r in view.relations(quote, "threatens")} == {"threat.title"}
    assert view.edges(quote + " Both are free.", "threatens") == set()  # a title that only compares them


@pytest.mark.parametrize("quote,pair", [
    ("In practice, most teams use Zorbit instead of (or alongside) Quillbase.", ("Quillbase", "Zorbit")),
    ("The app should connect to Zorbit instead of opening the Quillbase modal.", ("Quillbase", "Zorbit")),
])
def test_instead_of_reads_past_an_aside_or_a_verb_to_the_rival(tmp_path, quote, pair):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert {r.evidence.rule for r in view.relations(quote, "competes_with")} == {"competes.cue_list"}
    assert ("competes_with", *pair) in view.edges(quote, "competes_with")


def test_a_migration_named_x_to_y_makes_rivals_by_its_cue(tmp_path):
    quote = "Our Kafka-to-Redpanda migration took two weeks."
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    rivals = {r.evidence.rule for r in view.relations(quote, "competes_with")}
    assert ("competes_with", "Kafka", "Redpanda") in view.edges(quote, "competes_with")
    assert rivals == {"competes.named_alternative"}


def test_one_of_several_engines_such_as_a_list_names_what_the_product_may_depend_on(tmp_path):
    quote = "Caddy uses one of several storage backends, such as Redis, PostgreSQL and SQLite."
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert {("depends_on", "Caddy", x) for x in ("PostgreSQL", "Redis", "SQLite")} <= view.edges(quote, "depends_on")
    assert not {e for e in view.edges(quote, "competes_with") if "Caddy" in e}  # the user is no rival of its options


@pytest.mark.parametrize("quote,user,used", [
    ("Docker has always used containerd internally.", "Docker", "containerd"),
    ("The Docker daemon hands off to containerd for the low-level work.", "Docker", "containerd"),
    ("MicroK8s is a Snap distribution of Kubernetes.", "MicroK8s", "Kubernetes"),
    ("LM Studio is a third option: a GUI app over the same llama.cpp core.", "LM Studio", "llama.cpp"),
    ("K3s uses containerd directly and drops in-tree cloud provider code.", "k3s", "containerd"),
    ("Grafana Alloy is essentially Grafana Labs' distribution of the OpenTelemetry Collector.", "Grafana Alloy",
     "OpenTelemetry Collector"),
])
def test_what_a_product_hands_off_to_or_distributes_is_a_dependency(tmp_path, quote, user, used):
    view = GraphView(run_docs(tmp_path, [(f"{user} notes", [quote])]))
    assert ("depends_on", user, used) in view.edges(quote, "depends_on")


@pytest.mark.parametrize("quote,expected", [
    ("Devuan is a fork of Debian with another init system.", {("depends_on", "Devuan", "Debian")}),
    ("Valkey requires Linux and a recent kernel.", {("depends_on", "Valkey", "Linux")}),
    ("Valkey runs on Linux, Windows and macOS.", set()),  # where it runs: platform claims, no dependency
    ("KeyDB is a native Windows port of Redis.", {("depends_on", "KeyDB", "Redis")}),  # "a Windows port": in passing
])
def test_a_platform_is_a_dependency_when_a_product_is_built_on_it_not_where_it_runs(tmp_path, quote, expected):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert view.edges(quote, "depends_on") == expected


@pytest.mark.parametrize("quote,rule", [
    ("The community ended up forking Redis as Valkey.", "depends.fork"),  # what it was forked as depends on it
    ("Valkey was built upon Redis, so you will find the same commands.", "depends.cue"),
    ("Valkey is based on code from Redis and KeyDB.", "depends.cue"),
    ("Valkey is a new server based off of Redis 7.2.", "depends.cue"),  # "based off (of)" as "based on"
    ("Valkey, a heavily patched version of Redis, ships today.", "depends.cue"),  # a modified version is a fork
])
def test_a_fork_or_a_product_built_from_another_s_code_depends_on_it(tmp_path, quote, rule):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert ("depends_on", "Valkey", "Redis") in view.edges(quote, "depends_on")
    assert {r.evidence.rule for r in view.relations(quote, "depends_on")} == {rule}


@pytest.mark.parametrize("quote", [
    "The studio plans to incorporate Redis into Valkey as its cache.",
    "They embedded Redis into Valkey years ago.",
])
def test_what_is_incorporated_or_embedded_into_a_product_is_its_dependency(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert ("depends_on", "Valkey", "Redis") in view.edges(quote, "depends_on")
    assert {r.evidence.rule for r in view.relations(quote, "depends_on")} == {"depends.embedded"}


@pytest.mark.parametrize("quote,user,used", [
    ("Kodi makes heavy use of FFmpeg for decoding.", "Kodi", "FFmpeg"),  # "make use of" is "use"
    ("PostgreSQL serves as the foundation of Figma's OLTP system.", "Figma", "PostgreSQL"),  # read backwards
    ("Gecko became the foundation for Firefox.", "Firefox", "Gecko"),
    ("Entra ID is the identity backbone behind Microsoft 365.", "Microsoft 365", "Microsoft Entra ID"),
    ("Ferrite is an iOS-based audio editor.", "Ferrite", "iOS"),  # a name opening in lower case before "-based"
    ("Ktor runs on the JVM.", "Ktor", "JVM"),  # "the" is no part of the name the cue's object opens with
])
def test_what_a_product_makes_use_of_or_is_founded_on_is_its_dependency(tmp_path, quote, user, used):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert ("depends_on", user, used) in view.edges(quote, "depends_on")


@pytest.mark.parametrize("quote", [
    "Kafka is the backbone of our platform.",  # no named product founded on it
    "We make heavy use of FFmpeg at work.",  # a person's use
])
def test_a_foundation_or_a_use_without_a_named_user_is_no_dependency(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert view.edges(quote, "depends_on") == set()


def test_a_product_s_users_moving_to_another_is_a_threat_to_that_product_not_to_the_subject(tmp_path):
    quote = "More and more Pinecone users are moving to Qdrant and Milvus."
    view = GraphView(run_docs(tmp_path, [("Weaviate notes", [quote])]))
    threats = view.edges(quote, "threatens")
    assert {("threatens", "Qdrant", "Pinecone"), ("threatens", "Milvus", "Pinecone")} <= threats
    assert not {t for t in threats if "Weaviate" in t}  # the crowd is Pinecone's users, not the subject's


@pytest.mark.parametrize("quote", [
    "Tools built on OpenZiti (like Zrok) are becoming the default.",  # the examples in a parenthesis
    "Tools built on OpenZiti, like Zrok, are becoming the default.",
])
def test_the_examples_of_a_kind_built_on_a_product_depend_on_it(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Tunnels", [quote])]))
    assert ("depends_on", "Zrok", "OpenZiti") in view.edges(quote, "depends_on")


def test_the_products_a_product_s_plugins_or_forks_introduce_depend_on_it(tmp_path):
    quote = "I tried Redis forks such as Valkey and KeyDB before settling."
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert {("depends_on", "Valkey", "Redis"), ("depends_on", "KeyDB", "Redis")} <= view.edges(quote, "depends_on")


@pytest.mark.parametrize("quote", [
    "I ran a benchmark across Milvus, Pinecone and Vespa to find out which is fastest.",
    "Here is a head-to-head of Milvus, Pinecone and Vespa on one dataset.",
])
def test_the_names_a_benchmark_or_comparison_runs_across_are_rivals(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    listed = ["Milvus", "Pinecone", "Vespa"]
    pairs = {("competes_with", a, b) for i, a in enumerate(listed) for b in listed[i + 1:]}
    assert pairs <= view.edges(quote, "competes_with")
    assert "competes.category_list" in {r.evidence.rule for r in view.relations(quote, "competes_with")}


@pytest.mark.parametrize("quote", ["Qdrant is killing it lately.", "We replaced Pinecone with Qdrant last year."])
def test_doing_well_or_one_team_s_replacement_is_no_threat(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Qdrant review", [quote])]))
    assert view.edges(quote, "threatens") == set()


@pytest.mark.parametrize("quote,actor,target", [
    ("GitHub Actions has rapidly displaced Jenkins as the default choice.", "GitHub Actions", "Jenkins"),
    ("uv has officially overtaken Poetry for new installations.", "uv", "Poetry"),
    ("The rising star is Vite, leaving Webpack far behind.", "Vite", "webpack"),
    ("Cursor is challenging Copilot's dominance.", "Cursor", "GitHub Copilot"),
    ("Slack is losing ground to its biggest rival, Microsoft Teams.", "Microsoft Teams", "Slack"),
    ("Firefox has lost ground to Chrome and Safari.", "Safari", "Firefox"),
    ("IPsec has been superseded by WireGuard in most setups.", "WireGuard", "IPsec"),
    ("Users are deleting their WhatsApp accounts and turning to Signal.", "Signal", "WhatsApp"),
    ("Mullvad will phase out OpenVPN, the old protocol, in favor of WireGuard.", "WireGuard", "OpenVPN"),
    ("Qdrant replaced Pinecone and Milvus as the go-to vector store for our clients.", "Qdrant", "Pinecone"),
    ("Qdrant completely removes the need for Pinecone in most stacks.", "Qdrant", "Pinecone"),
    ("JAX is undermining CUDA's grip on model training.", "JAX", "CUDA"),  # a technology may be threatened
    ("Qdrant is killing Pinecone.", "Qdrant", "Pinecone"),
    ("The rise of Qdrant doomed Pinecone.", "Qdrant", "Pinecone"),
    ("Qdrant ate Pinecone's market share.", "Qdrant", "Pinecone"),
    ("Pinecone lost most of its users to Qdrant.", "Qdrant", "Pinecone"),
    ("Qdrant is taking market share from Pinecone.", "Qdrant", "Pinecone"),
    ("Qdrant is quietly eroding Pinecone's market share.", "Qdrant", "Pinecone"),
    ("Qdrant has largely replaced Pinecone.", "Qdrant", "Pinecone"),
    ("Qdrant is pulling customers away from Pinecone.", "Qdrant", "Pinecone"),
    ("Qdrant made Pinecone irrelevant.", "Qdrant", "Pinecone"),
    ("Qdrant put Pinecone out of business.", "Qdrant", "Pinecone"),
    ("In 3-5 years Pinecone will lose more and more market share to Qdrant.", "Qdrant", "Pinecone"),
    ("If Qdrant killed off Pinecone, what next?", "Qdrant", "Pinecone"),
    ("In the end Qdrant supplanted Pinecone.", "Qdrant", "Pinecone"),
    ("Qdrant could one day give Milvus and Pinecone a run for their money.", "Qdrant", "Pinecone"),
    ("Qdrant leapfrogged Pinecone in a couple of years.", "Qdrant", "Pinecone"),
    ("Developers are flocking to Qdrant from Pinecone.", "Qdrant", "Pinecone"),  # not the document's subject
    ("Many teams are shifting from Pinecone to Qdrant.", "Qdrant", "Pinecone"),
    ("Pinecone is officially archived, while Qdrant has become the standard for vector search.", "Qdrant", "Pinecone"),
    ('This is why Qdrant "won" and Pinecone did not.', "Qdrant", "Pinecone"),
    ("Pinecone keeps losing out to Qdrant.", "Qdrant", "Pinecone"),
    ("Qdrant signals the end of the Pinecone era.", "Qdrant", "Pinecone"),
    ("Qdrant entered the market and is rapidly displacing Pinecone.", "Qdrant", "Pinecone"),
    ("Qdrant is gaining a lot of ground, especially from Pinecone.", "Qdrant", "Pinecone"),
    ("Vector databases like Qdrant could upend Pinecone.", "Qdrant", "Pinecone"),
    ("In the survey, Pinecone's share declines as Qdrant's grows.", "Qdrant", "Pinecone"),
    ("Users are dumping Pinecone and moving to Qdrant.", "Qdrant", "Pinecone"),
    ("Pinecone has lost its lead and has been unseated by upstarts like Qdrant.", "Qdrant", "Pinecone"),
    ("Pinecone can't keep up with Qdrant in this arena.", "Qdrant", "Pinecone"),
    ("Qdrant is pulling ahead of Pinecone in usage.", "Qdrant", "Pinecone"),
    ("Pinecone's market share has declined considerably while that of Milvus and Qdrant has grown.", "Qdrant",
     "Pinecone"),
    ("Half of our community left Pinecone for Qdrant after the price change.", "Qdrant", "Pinecone"),  # a crowd
    ("More and more shops are migrating off Pinecone and onto Qdrant.", "Qdrant", "Pinecone"),
    ("Qdrant has overtaken incumbents such as Pinecone in audience.", "Qdrant", "Pinecone"),  # the object's examples
    ("Qdrant has overtaken names like Milvus and Pinecone.", "Qdrant", "Pinecone"),
    ("Qdrant pulled a meaningful chunk of Pinecone's modern, cost-sensitive user base.", "Qdrant", "Pinecone"),
    ("Qdrant has hit Pinecone hard this year.", "Qdrant", "Pinecone"),
    ("Qdrant grew fast this year, at the expense of Pinecone.", "Qdrant", "Pinecone"),
    ("Qdrant continues to outpace Pinecone in downloads.", "Qdrant", "Pinecone"),
    ("Qdrant is taking market share off Pinecone.", "Qdrant", "Pinecone"),
])
def test_displacing_a_product_or_a_technology_is_a_threat(tmp_path, quote, actor, target):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert ("threatens", actor, target) in view.edges(quote, "threatens")


def test_a_threat_verb_after_and_is_the_act_of_the_name_opening_the_sentence():
    from kg.extract.relations.threatens import threatens

    text = "Canvas went public in Utah and is soon poised to overtake Moodle as the third LMS."
    found = _rule_findings(threatens, text, ("Canvas", "Moodle", "Sakai"), "Sakai")
    assert {(s, t) for s, t, _ in found} == {("Canvas", "Moodle")}  # not the quote's subject


@pytest.mark.parametrize("quote,user,used", [
    ("Recharts is a React-first library built on D3 submodules.", "Recharts", "D3.js"),  # the clause's own subject
    ("Back then I ran Cedega, a proprietary fork of Wine with a nice GUI.", "Cedega", "Wine"),  # in apposition
    ("Templates come from Mako (a Python-based template library).", "Mako", "Python"),
    ("This post presents ghidriff, a new open-source Python package for binary diffing.", "ghidriff", "Python"),
    ("Gatsby is a React framework for static sites.", "Gatsby", "React"),  # the kind a technology qualifies
    ("In the end we chose pgvector — the PostgreSQL extension for vectors.", "pgvector", "PostgreSQL"),  # apposed
    ("Sage is a heavy program that has many dependencies (including SymPy).", "Sage", "SymPy"),
    ("BullMQ is the most established Redis-backed job queue.", "BullMQ", "Redis"),
    ("Tailscale is a commercial WireGuard based mesh network.", "Tailscale", "WireGuard"),
    ("Envoy is one of the building blocks of Istio.", "Istio", "Envoy"),
    ("OpenTofu is built on the foundation of Terraform.", "OpenTofu", "Terraform"),
    ("Zed takes another approach. Built from the ground up in Rust, Zed renders on the GPU.", "Zed", "Rust"),
    ("Sage is a heavy program, and it uses only Python 2 at the time of writing.", "Sage", "Python"),
    ("Kdenlive uses standard Qt widgets for its interface.", "Kdenlive", "Qt"),
    ("Brave for iOS is not Brave. It is basically Safari with different skin.", "Brave", "Safari"),
    ("Metabase stores everything in a SQLite database by default.", "Metabase", "SQLite"),
    ("Elixir runs on the Erlang VM as well.", "Elixir", "Erlang"),  # the scorer retrained in the forty-ninth pass
    # vetoes the cue's "Gleam compiles to Erlang as well" (it gives that pair no relation a chance of 0.8 or more)
    ("Gitea piggybacks on Git for everything.", "Gitea", "git"),
    ("shadcn/ui is a set of components built on Radix UI and styled with Tailwind CSS.", "shadcn/ui", "Tailwind CSS"),
    ("Linkerd uses a different proxy, simply called\n[linkerd2-proxy](https://github.com/linkerd/linkerd2-proxy).",
     "Linkerd", "linkerd2-proxy"),  # a link, and lines wrapped inside the sentence
    ("Voxelon (VX) is a plugin made by a small studio for Unreal engine.", "Voxelon", "Unreal Engine"),
    ("Jared White created his own fork of Jekyll called Bridgetown last year.", "Bridgetown", "Jekyll"),
    ("MapLibre is the open-source continuation of Mapbox GL.", "MapLibre", "Mapbox GL"),
    ("Security Onion integrates Elasticsearch as its core store.", "Security Onion", "Elasticsearch"),
    ("Zorbit focuses on search (with a web UI) and uses a Python backend.", "Zorbit", "Python"),  # one subject, two
    # predicates
    ("Zorbit is built on the Omniverse platform, utilizing the PhysX physics engine.", "Zorbit", "PhysX"),
    ("Rather than write its own, Zorbit uses NVIDIA's excellent PhysX for collisions.", "Zorbit", "PhysX"),
    ("Zorbit (NVIDIA, open source, C++ and Python) is the newest of the four.", "Zorbit", "C++"),
    ("Zorbit is built with native Apple technologies like Swift.", "Zorbit", "Swift"),
    ("CoreDNS became the default DNS server for Kubernetes in v1.11.", "Kubernetes", "CoreDNS"),
    ("Hermes will become the default JS engine for React Native soon.", "React Native", "Hermes"),  # any tense
    ("HandBrake uses _libraries_ from FFmpeg and several other projects.", "HandBrake", "FFmpeg"),  # what it uses of it
    ("Libraries built on D3: Nivo, Recharts and Victory.", "Recharts", "D3.js"),  # a line's label over its list
    ("Most of its rivals are based on the same Chromium code: Brave, Vivaldi and Opera.", "Vivaldi", "Chromium"),
    ("Microsoft Edge joins the browsers based on the open-source Chromium project, including Brave and Opera.", "Opera",
     "Chromium"),  # a category's common base, then its examples
    ("Zorbit calls EC2 APIs directly to provision nodes.", "Zorbit", "Amazon EC2"),
    ("Zorbit: pure C++ implementation with CUDA support.", "Zorbit", "C++"),  # a headline's description
])
def test_a_dependency_s_user_is_the_name_its_clause_describes_not_the_document_s_subject(tmp_path, quote, user, used):
    view = GraphView(run_docs(tmp_path, [("Chart.js notes", ["Chart.js is a canvas charting library.", quote])]))
    edges = view.edges(quote, "depends_on")
    assert ("depends_on", user, used) in edges
    assert not {e for e in edges if e[1] == "Chart.js"}


@pytest.mark.parametrize("text,used", [
    ("Zorbit is a pure C++ implementation with CUDA support.", ["C++"]),  # a name ending in "++" or "#"
    ("Zorbit is a C# port of ENet with IPv6 support.", ["C#"]),
    ("Zorbit: a pure C++ implementation of ENet.", ["C++"]),  # a headline's description
    ("Zorbit is built on a modern stack (Elixir, ClickHouse and PostgreSQL).", ["ClickHouse", "Elixir", "PostgreSQL"]),
    ("- Replace `Zorbit` (Elixir) with something faster.", ["Elixir"]),  # an aside after markdown code
    ("* [Zorbit](https://example.org) (Elixir, 14k stars, MIT License)", ["Elixir"]),  # after a link
    ("ENet and Zorbit are the best picks — ClickHouse-based, well documented.", ["ClickHouse"]),  # both are
    ("Zorbit is a community fork of another lightweight and popular system called ClickHouse.", ["ClickHouse"]),
    ("Zorbit packages upstream Elixir, ClickHouse and PostgreSQL into one binary.",
     ["ClickHouse", "Elixir", "PostgreSQL"]),
    ("Zorbit implements the wire protocol in C++, which is where its speed comes from.", ["C++"]),
    ("Zorbit is a PHP/Elixir-based web panel for game servers.", ["Elixir", "PHP"]),  # slash-joined modifiers
    ("- Zorbit — aging PHP codebase, clunky UX, slow development", ["PHP"]),  # a dash, no article
    ("SymPy failed where Zorbit (using ClickHouse) succeeded.", ["ClickHouse"]),  # a participle's aside
    ("ENet uses a Rust-based micro-proxy (Zorbit) instead of Envoy.", ["Rust"]),  # the name the noun is
    ("Zorbit is still stuck on PostgreSQL version 9.", ["PostgreSQL"]),
    ("Zorbit integrates well with the desktop by using standard Elixir widgets.", ["Elixir"]),  # "by" + participle
    ("Zorbit’s streaming-first architecture centers on ClickHouse.", ["ClickHouse"]),
    ("The whole design of Zorbit revolves around PostgreSQL.", ["PostgreSQL"]),
    ("Zorbit links against ClickHouse and PostgreSQL.", ["ClickHouse", "PostgreSQL"]),  # how C programs depend
    ("Zorbit is compiled against PostgreSQL headers.", ["PostgreSQL"]),
    ("Zorbit vendors its own copy of ClickHouse.", ["ClickHouse"]),
    ("Zorbit is implemented on top of ClickHouse.", ["ClickHouse"]),
    ("There is no second backend in ENet, unlike Zorbit's Rust core.", ["Rust"]),  # a part of it in a language
    ("The ENet code stays; the Zorbit Elixir plugins need porting.", ["Elixir"]),
    ("Why not port the official C++ Zorbit repository first?", ["C++"]),  # the language before the name
    ("It was a full stop when I found the system runs in Elixir.", ["Elixir"]),  # what it runs in
    ("Zorbit requires installing Elixir and PostgreSQL first.", ["Elixir", "PostgreSQL"]),
    ("The project also employs the ClickHouse library for its storage.", ["ClickHouse"]),  # "employs the X library"
    ("Zorbit's stack: Elixir for front end, ClickHouse for databases.", ["ClickHouse", "Elixir"]),  # a stack's parts
    ("Zorbit runs PostgreSQL for most of our billing workloads.", ["PostgreSQL"]),
    # what its object was, before the name: "the abandoned", "a legacy", "the proprietary"
    ("Zorbit was forked from the abandoned ClickHouse project in 2013.", ["ClickHouse"]),
    ("Zorbit still requires a legacy PostgreSQL install.", ["PostgreSQL"]),
    # what a client, a GUI, an operator or an adapter is for, when the sentence names it
    ("Zorbit is a lightweight desktop GUI for PostgreSQL and ClickHouse.", ["ClickHouse", "PostgreSQL"]),
    ("Zorbit is the de facto standard ClickHouse adapter for Elixir.", ["Elixir"]),
    ("The web UI for ClickHouse has been slow for years.", []),  # nobody's front end is named
])
def test_dependency_rules_read_language_names_and_objects_spelled_out(text, used):
    from kg.extract.relations.depends_on import depends_on

    names = ("Zorbit", "C++", "C#", "ENet", "Elixir", "ClickHouse", "PostgreSQL", "PHP", "Rust", "SymPy", "Envoy")
    found = {(s, t) for s, t, _ in _rule_findings(depends_on, text, names, "Zorbit")}
    assert sorted(t for s, t in found if s == "Zorbit" and t != "ENet") == used
    if "best picks" in text:
        assert ("ENet", "ClickHouse") in found


@pytest.mark.parametrize("text,found", [
    ("Zorbit is a popular Ubuntu-based distribution.", {("Zorbit", "Ubuntu")}),  # what the named thing is
    ("Ubuntu-based flavours (Zorbit, ENet) move to Snap.", {("Zorbit", "Ubuntu"), ("ENet", "Ubuntu")}),
    ("It is easy to get the Android-based Zorbit running.", {("Zorbit", "Android")}),
    ("Zorbit refuses anything that is Windows-based.", set()),  # where things run, said in passing
    ("Zorbit is available on Windows and Linux based systems.", set()),
    # a platform's name before the noun a modifier qualifies is no name the phrase is: the apposition's name is
    ("ENet, an Ubuntu-based Linux distribution, ships Zorbit.", {("ENet", "Ubuntu")}),
    # nor is the modifier's name an item of the list a verb's object opens
    ("Zorbit runs on ENet, an Ubuntu-based Linux distribution.", {("Zorbit", "ENet"), ("ENet", "Ubuntu")}),
])
def test_a_platform_a_named_thing_is_based_on_is_a_dependency(text, found):
    from kg.extract.relations.depends_on import depends_on

    platforms = ("Ubuntu", "Android", "Windows", "Linux")
    rules = _rule_findings(depends_on, text, ("Zorbit", "ENet", *platforms), "Zorbit",
                           types=dict.fromkeys(platforms, "Platform"))
    assert {(s, t) for s, t, _ in rules} == found


def test_a_stack_rundown_lists_what_the_product_depends_on():
    from kg.extract.relations.depends_on import depends_on

    text = ("Zorbit is a ledger for small shops.\n- Backend: Elixir / PostgreSQL\n- **Frontend:** ClickHouse, Rust\n"
            "- Support: Envoy")  # a label of a part of the stack; "Support" is none
    lines = [(m.start(), m.end()) for m in re.finditer(r"[^\n]+", text)]
    names = ("Zorbit", "Elixir", "PostgreSQL", "ClickHouse", "Rust", "Envoy")
    found = {(s, t) for s, t, _ in _rule_findings(depends_on, text, names, "Zorbit", sentences=lines)}
    assert found == {("Zorbit", "Elixir"), ("Zorbit", "PostgreSQL"), ("Zorbit", "ClickHouse"), ("Zorbit", "Rust")}


@pytest.mark.parametrize("text,found", [
    ("Zorbit ships a Redis-based cache.", {("Zorbit", "Redis")}),
    ("Zorbit bought the Redis-based company ENet.", set()),  # where a company is, not what it is built on
    ("The Redis-based startup ENet competes with Zorbit.", set()),
])
def test_a_name_based_company_is_where_it_is_not_what_it_depends_on(text, found):
    from kg.extract.relations.depends_on import depends_on

    rules = _rule_findings(depends_on, text, ("Zorbit", "ENet", "Redis"), "Zorbit")
    assert {(s, t) for s, t, _ in rules} == found


@pytest.mark.parametrize("text,oracle", [
    ("Migrating from Oracle Opera to Cloudbeds is common.", False),  # the maker written before its product
    ("Migrating from Oracle, Opera or Cloudbeds is common.", True),  # a maker listed as an item of its own
])
def test_a_maker_written_before_its_product_in_a_list_is_not_an_item(text, oracle):
    from kg.extract.relations.competes_with import competes_with

    rules = _rule_findings(competes_with, text, ("Oracle", "Opera", "Cloudbeds"), "Cloudbeds",
                           types={"Oracle": "Organization"})
    pairs = {frozenset((s, t)) for s, t, _ in rules}
    assert frozenset(("Opera", "Cloudbeds")) in pairs
    assert any("Oracle" in pair for pair in pairs) == oracle


def test_a_predicate_after_and_in_a_sentence_that_it_opens_is_about_the_name_opening_the_one_before():
    from kg.catalog import load_catalog
    from kg.extract.relations.depends_on import depends_on
    from kg.extract.text import QuoteContext
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable, Hit

    text = "Zorbit is a plain C++ port. It compiles into a small binary, and uses the Parquet format."
    hits = [Hit(text.index(n), text.index(n) + len(n), n, n, n, kind, "test")
            for n, kind in (("Zorbit", "Product"), ("C++", "Technology"), ("Parquet", "Technology"))]
    ctx = QuoteContext("q1", "d1", text, [(0, 27), (28, len(text))], hits, [], "Quillbase")  # another subject
    found = {(f.source, f.target) for f in depends_on(ctx, load_lexicon(), EntityTable(load_catalog(None)))
             if not f.rejected}
    assert ("Zorbit", "Parquet") in found and not {f for f in found if f[0] == "Quillbase"}


@pytest.mark.parametrize("text,used", [
    ("Zorbit is an enhanced fork of 'Quillbase' with more features.", "Quillbase"),  # a quoted name
    ("Zorbit is written in portable C++ code.", "C++"),
])
def test_a_dependency_cue_reads_past_quotes_and_plain_adjectives_to_its_object(text, used):
    from kg.catalog import load_catalog
    from kg.extract.relations.depends_on import depends_on
    from kg.extract.text import QuoteContext
    from kg.lexicon import load_lexicon
    from kg.resolve import EntityTable, Hit

    hits = [Hit(text.index(n), text.index(n) + len(n), n, n, n, "Product", "test") for n in ("Zorbit", used)]
    ctx = QuoteContext("q1", "d1", text, [(0, len(text))], hits, [], "Zorbit")
    found = {(f.source, f.target) for f in depends_on(ctx, load_lexicon(), EntityTable(load_catalog(None)))
             if not f.rejected}
    assert found == {("Zorbit", used)}


def test_a_language_kind_for_a_person_or_a_team_s_project_makes_no_dependency(tmp_path):
    quote = "She is a Python developer, and we started a Node.js project last week."
    view = GraphView(run_docs(tmp_path, [("Chart.js notes", [quote])]))
    assert view.edges(quote, "depends_on") == set()


@pytest.mark.parametrize("quote", [
    "Qdrant is a Microsoft-backed project.",  # a company that funds or runs a product is not what it runs on
    "Qdrant is a Microsoft-backed vector store.",  # "X-backed" reads only a product or a technology as X
    "Qdrant is a Microsoft-spawned framework.",  # a company that made it
    "Qdrant: maybe we can re-use parts of the Pinecone web app?",  # "re-use" is no "use"
    "Pinecone is an alternative to Chromium based browser engines.",  # a kind of many things, none of them named
])
def test_who_backs_a_product_or_a_kind_of_many_products_makes_no_dependency(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Qdrant notes", [quote])]))
    assert not {e for e in view.edges(quote, "depends_on") if e[1] in ("Qdrant", "Pinecone")}


@pytest.mark.parametrize("quote,expected", [
    ("Discord migrated from MongoDB to Cassandra back in 2016.", {("MongoDB", "Apache Cassandra")}),  # Discord moved
    ("Migrating our static websites from CloudFront to Netlify was easy.", {("Amazon CloudFront", "Netlify")}),
    ("We switched from Jenkins over to using GitLab CI.", {("Jenkins", "GitLab CI")}),
])
def test_a_move_from_one_product_to_another_makes_those_two_the_rivals(tmp_path, quote, expected):
    view = GraphView(run_docs(tmp_path, [("Qdrant notes", [quote])]))
    assert {tuple(sorted((e[1], e[2]))) for e in view.edges(quote, "competes_with")} == \
        {tuple(sorted(pair)) for pair in expected}


@pytest.mark.parametrize("quote,expected", [
    ("The old stack consisted of a monolithic backend application written in Python.", set()),  # the application's
    ("Our application tier consists of Node.js-based services written in Typescript.", set()),
    ("Qdrant is a vector store written in Rust.", {("depends_on", "Qdrant", "Rust")}),  # the copula makes the noun Qdrant's
    ("Qdrant, a vector store written in Rust, is fast.", {("depends_on", "Qdrant", "Rust")}),  # and so does the apposition
])
def test_a_participle_cue_after_an_unnamed_thing_is_that_thing_s_dependency(tmp_path, quote, expected):
    view = GraphView(run_docs(tmp_path, [("Pinecone notes", [quote])]))
    assert {e for e in view.edges(quote, "depends_on") if e[1] != "Node.js"} == expected


@pytest.mark.parametrize("quote,product,maker", [
    ("PennyLane by Xanadu is a library for quantum machine learning.", "PennyLane", "Xanadu"),
    ("It is an alternative to the more economical Noiseware by Imagenomic.", "Noiseware", "Imagenomic"),
    ("Zstandard is a compression algorithm and reference implementation developed at Facebook.", "Zstandard",
     "Facebook"),
])
def test_a_name_by_a_company_or_developed_at_one_names_its_maker(tmp_path, quote, product, maker):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    relations = view.relations(quote, "developed_by")
    assert (product, maker, "maker.by") in {(view.name(r.source), view.name(r.target), r.evidence.rule)
                                            for r in relations}  # read from the cue, not guessed by the scorer


@pytest.mark.parametrize("quote,product,maker", [
    # where a product came from, or its parent company, names its maker, not a rival it was left for
    ("Presto originally came out of Facebook, where it queried the warehouse.", "Presto", "Facebook"),
    ("Zorbitdb spun out of Microsoft Research in 2019.", "Zorbitdb", "Microsoft Research"),
    ("Zorbitdb receives funding from its parent company, Microsoft, and from sponsors.", "Zorbitdb", "Microsoft"),
])
def test_where_a_product_came_from_names_its_maker(tmp_path, quote, product, maker):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert (product, maker, "maker.by") in {(view.name(r.source), view.name(r.target), r.evidence.rule)
                                            for r in view.relations(quote, "developed_by")}
    assert not view.edges(quote, "competes_with")


@pytest.mark.parametrize("quote", [
    "exa, a modern replacement for ls written in Rust by Ben S, was abandoned in 2023.",  # Ben wrote exa, not Rust
    "Paper is a fork of Spigot by PaperMC with hundreds of patches.",  # PaperMC makes the fork, not Spigot
    "We replaced Kafka by Redpanda last year.",  # a known product after "by" is no maker
])
def test_a_name_by_someone_that_is_not_what_they_made_names_no_maker(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert not {e for e in view.edges(quote, "developed_by") if e[1] in ("Rust", "Spigot", "Kafka")}


@pytest.mark.parametrize("text", [
    "Zorbit is Quillbase's biggest rival these days.",
    "Zorbit is the poor man's Quillbase.",
    "Zorbit is basically a self-hosted Quillbase.",
])
def test_a_product_named_as_another_s_rival_or_cheaper_twin_competes_with_it(text):
    from kg.extract.relations.competes_with import competes_with

    found = {(s, t) for s, t, _ in _rule_findings(competes_with, text, ("Zorbit", "Quillbase"), "Zorbit")}
    assert found == {("Zorbit", "Quillbase")}


def test_a_maker_s_answer_to_a_rival_is_no_rivalry_with_the_maker():
    from kg.extract.relations.competes_with import competes_with

    text = "I tried Zorbit, Quillbase's answer to Vextra."
    found = {(s, t) for s, t, _ in _rule_findings(competes_with, text, ("Zorbit", "Quillbase", "Vextra"), "Zorbit")}
    assert ("Zorbit", "Quillbase") not in found


@pytest.mark.parametrize("text,matches", [
    ("Zorbit vendors its own copy of SQLite.", True),
    ("Zorbit vendors SQLite.", True),
    ("Both vendors love quoting benchmark scores.", False),  # "vendors" the noun: no cue (it would sway the claims)
])
def test_vendoring_is_a_dependency_cue_and_vendors_the_noun_is_not(text, matches):
    from kg.lexicon import load_lexicon

    found = [m.group() for m in load_lexicon().finditer("depends_verb", text) if "vendor" in m.group()]
    assert bool(found) is matches


def test_a_list_of_backers_that_holds_a_company_is_no_dependency(tmp_path):
    backers = "MapLibre is backed by Apple, Amazon, MapTiler and Esri."
    store = "MapLibre is backed by a PostgreSQL database."
    view = GraphView(run_docs(tmp_path, [("MapLibre notes", [backers, store])]))
    assert not view.edges(backers, "depends_on")
    assert ("depends_on", "MapLibre", "PostgreSQL") in view.edges(store, "depends_on")


@pytest.mark.parametrize("quote", [
    "Honestly Weaviate doesn’t compete with Redis at all for our workload.",  # a typographic apostrophe
    "Weaviate isn’t a competitor to Redis.",
])
def test_a_negation_written_with_a_typographic_apostrophe_is_a_negation(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert view.edges(quote, "competes_with") == set()


@pytest.mark.parametrize("quote", [
    "Weaviate isn't just an alternative to Redis.",  # "not just" limits; it does not negate
    "Weaviate isn’t only an alternative to Redis.",
])
def test_a_rivalry_that_isn_t_just_a_rivalry_stands(tmp_path, quote):
    view = GraphView(run_docs(tmp_path, [("Notes", [quote])]))
    assert view.edges(quote, "competes_with") == {("competes_with", "Redis", "Weaviate")}  # a symmetric edge, sorted


@pytest.mark.parametrize("quote,expected", [
    ("Fedora is a better default than Ubuntu for new Linux users.", {("competes_with", "Fedora", "Ubuntu")}),
    ("I switched from Ubuntu to Fedora last spring.", {("competes_with", "Fedora", "Ubuntu")}),
])
def test_platforms_compete_with_platforms(tmp_path, quote, expected):
    view = GraphView(run_docs(tmp_path, [("Fedora vs Ubuntu: a year on the desktop", [quote])]))
    assert view.edges(quote, "competes_with") == expected


def test_a_platform_competes_with_no_language_or_product(tmp_path):
    quote = "RudderStack has SDKs (iOS, Android, JS, Python, etc) which are used to send these events."
    view = GraphView(run_docs(tmp_path, [("Customer data platforms: RudderStack vs Segment", [quote])]))
    platforms = {"iOS", "Android"}
    assert all(len({a, b} & platforms) != 1 for _, a, b in view.edges(quote, "competes_with"))
