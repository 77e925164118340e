/* A fast simulator and rollout policy in C, for the searching computer candidates.
 *
 * The same game as fastsim.py (docs/rules.md §4-§7 on int cards: the taker draws first, the
 * last trick ends the game, no out-of-turn molodka inside a rollout) and the same decisions
 * as policy.Policy with the numbers of a policy.Params: with nest = 0, rollout() plays a game
 * to its end exactly as fastsim.rollout(state, Policy(params).lead, Policy(params).follow)
 * does (tests/ai/test_csim.py compares them), some 50 times faster (benchmarks/csim.py).
 * With nest = n > 0 the first n plays of the rollout are each decided by a small search of
 * the seat's own (its hand and the cards shown face up; the other cards dealt at random
 * `worlds` times; a few candidate plays, each rolled out by the policy): every seat is
 * modelled as a player that searches, as the strong computer does, rather than as the
 * policy (the `nested` candidates of benchmarks/candidates.py). With depth = d >= 0, once the
 * stock is empty and the seat to play holds at most d cards, the rest of the rollout is played
 * exactly: in one world every card is then known, and alpha-beta over every legal play finds
 * the game's outcome under best play by both teams (the `exact` candidates).
 *
 * It receives one world (a sampled one: the Python caller decides what it may know) and
 * reads nothing else.
 *
 * Cards are ints 0..35 (suit * 9 + rank); hands and card sets are 64-bit masks, so "sorted"
 * is the order of the bits, as the Python code sorts its lists.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

#define NC 36
#define ALL ((((u64)1) << NC) - 1)
#define BIT(c) (((u64)1) << (c))

static int SUIT[NC], RANK[NC], PTS[NC];
static u64 BEATERS[4][NC]; /* BEATERS[trump][c]: the cards that beat c (rules §3) */
static u64 SUIT_MASK[4];

static void init_tables(void) {
    static const int rank_pts[9] = {0, 0, 0, 0, 2, 3, 4, 10, 11};
    for (int c = 0; c < NC; c++) {
        SUIT[c] = c / 9;
        RANK[c] = c % 9;
        PTS[c] = rank_pts[c % 9];
    }
    for (int s = 0; s < 4; s++) SUIT_MASK[s] = ((u64)0x1ff) << (9 * s);
    for (int t = 0; t < 4; t++)
        for (int c = 0; c < NC; c++) {
            u64 m = 0;
            for (int a = 0; a < NC; a++) {
                int b = SUIT[a] == SUIT[c] ? RANK[a] > RANK[c] : SUIT[a] == t;
                if (b) m |= BIT(a);
            }
            BEATERS[t][c] = m;
        }
}

/* ------------------------------------------------------------------ helpers */
static inline int popcount(u64 m) { return __builtin_popcountll(m); }

static inline int cards_of(u64 m, int *out) {
    int n = 0;
    while (m) {
        out[n++] = __builtin_ctzll(m);
        m &= m - 1;
    }
    return n;
}

static inline int pts_of(u64 m) {
    int p = 0;
    while (m) {
        p += PTS[__builtin_ctzll(m)];
        m &= m - 1;
    }
    return p;
}

typedef struct {
    u64 s;
} Rng;

static inline u64 rng_next(Rng *r) { /* xorshift64* */
    u64 x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static inline int rng_below(Rng *r, int n) { return (int)((rng_next(r) >> 33) % (u64)n); }

/* ------------------------------------------------------------------ policy */
typedef struct {
    double trump_keep, trump_keep_rank, plain_keep_pts, plain_keep_rank, top_bonus;
    double gift_pts, gift_keep;
    double trump_base, trump_rank, plain_rank, plain_pts;
    double after_discount, tempo, tempo_end, end_cost, overtake_rich, sure_slack, sure_mult;
    double cheap_keep, last_trump_min, cash_at, whole;
} Params;

#define N_PARAMS 22

static double keep_value(const Params *p, int c, int trump, u64 unseen) {
    if (SUIT[c] == trump) return p->trump_keep + RANK[c] * p->trump_keep_rank + PTS[c] * 0.5;
    double v = PTS[c] * p->plain_keep_pts + RANK[c] * p->plain_keep_rank;
    if (!(BEATERS[trump][c] & unseen & ~SUIT_MASK[trump])) v += p->top_bonus;
    return v;
}

/* The k cards of `hand` first by (key, card), ascending (desc = 0) or descending. */
static u64 first_k(const double *key, const int *cs, int n, int k, int desc) {
    int idx[4];
    for (int i = 0; i < n; i++) idx[i] = i;
    for (int i = 1; i < n; i++) {
        int j = i;
        while (j > 0) {
            int a = idx[j - 1], b = idx[j];
            int before; /* b goes before a */
            if (key[b] != key[a])
                before = desc ? key[b] > key[a] : key[b] < key[a];
            else
                before = desc ? cs[b] > cs[a] : cs[b] < cs[a];
            if (!before) break;
            idx[j - 1] = b;
            idx[j] = a;
            j--;
        }
    }
    u64 m = 0;
    for (int i = 0; i < k && i < n; i++) m |= BIT(cs[idx[i]]);
    return m;
}

static u64 junk(const Params *p, u64 hand, int k, int trump, u64 unseen) {
    int cs[4];
    double key[4];
    int n = cards_of(hand, cs);
    for (int i = 0; i < n; i++) key[i] = keep_value(p, cs[i], trump, unseen);
    return first_k(key, cs, n, k, 0);
}

static u64 gifts(const Params *p, u64 hand, int k, int trump, u64 unseen) {
    int cs[4];
    double key[4];
    int n = cards_of(hand, cs);
    for (int i = 0; i < n; i++) {
        int c = cs[i];
        if (SUIT[c] == trump)
            key[i] = -100.0 + PTS[c] * 0.1 - RANK[c];
        else
            key[i] = PTS[c] * p->gift_pts - keep_value(p, c, trump, unseen) * p->gift_keep;
    }
    return first_k(key, cs, n, k, 1);
}

static double beat_cost(const Params *p, u64 cs, int trump) {
    double cost = 0.0;
    while (cs) {
        int c = __builtin_ctzll(cs);
        cs &= cs - 1;
        if (SUIT[c] == trump)
            cost += p->trump_base + RANK[c] * p->trump_rank;
        else
            cost += RANK[c] * p->plain_rank - PTS[c] * p->plain_pts;
    }
    return cost;
}

/* Rules §4.2: a pairing of the new cards with the top cards, each new card beating its own. */
static int beats_all(const int *nw, const int *top, int k, int trump) {
    if (k == 1) return (int)((BEATERS[trump][top[0]] >> nw[0]) & 1);
    int used[4] = {0, 0, 0, 0};
    int choice[4];
    int i = 0;
    choice[0] = -1;
    /* depth-first search over the assignments of new cards to top cards */
    while (i >= 0) {
        if (choice[i] >= 0) used[choice[i]] = 0;
        int j = choice[i] + 1;
        while (j < k && (used[j] || !((BEATERS[trump][top[i]] >> nw[j]) & 1))) j++;
        if (j >= k) {
            choice[i] = -1;
            i--;
            continue;
        }
        choice[i] = j;
        used[j] = 1;
        if (i == k - 1) return 1;
        i++;
        choice[i] = -1;
    }
    return 0;
}

/* Every k-card set of `hand` that beats `top`, in the order of itertools.combinations. */
static int all_beats(u64 hand, const int *top, int k, int trump, u64 *out) {
    int cs[4];
    int n = cards_of(hand, cs);
    int cnt = 0;
    if (k == 1) {
        u64 bt = BEATERS[trump][top[0]];
        for (int i = 0; i < n; i++)
            if ((bt >> cs[i]) & 1) out[cnt++] = BIT(cs[i]);
        return cnt;
    }
    if (k > n) return 0;
    int ix[4];
    for (int i = 0; i < k; i++) ix[i] = i;
    for (;;) {
        int nw[4];
        u64 m = 0;
        for (int i = 0; i < k; i++) {
            nw[i] = cs[ix[i]];
            m |= BIT(nw[i]);
        }
        if (beats_all(nw, top, k, trump)) out[cnt++] = m;
        int i = k - 1;
        while (i >= 0 && ix[i] == i + n - k) i--;
        if (i < 0) break;
        ix[i]++;
        for (int j = i + 1; j < k; j++) ix[j] = ix[j - 1] + 1;
    }
    return cnt;
}

static inline int all_safe(u64 cs, int trump, u64 unseen) {
    while (cs) {
        int c = __builtin_ctzll(cs);
        cs &= cs - 1;
        if (BEATERS[trump][c] & unseen) return 0;
    }
    return 1;
}

static u64 min_cost(const Params *p, const u64 *opts, int n, int trump) {
    u64 best = opts[0];
    double bc = beat_cost(p, opts[0], trump);
    for (int i = 1; i < n; i++) {
        double c = beat_cost(p, opts[i], trump);
        if (c < bc) {
            bc = c;
            best = opts[i];
        }
    }
    return best;
}

/* policy.Policy.follow: returns the cards; *beat tells a beat from a discard. */
static u64 follow(const Params *p, u64 hand, int me, int trump, const int *top, int k,
                  int top_seat, int n_played, int trick_pts, int stock_n, u64 unseen, int *beat) {
    int after = 3 - n_played;
    u64 opts[8], sure[8];
    *beat = 0;
    if ((top_seat & 1) == (me & 1)) {
        int all_top_safe = 1;
        for (int i = 0; i < k; i++)
            if (BEATERS[trump][top[i]] & unseen) all_top_safe = 0;
        if (after == 0 || all_top_safe) return gifts(p, hand, k, trump, unseen);
        if (trick_pts >= p->overtake_rich) {
            int n = all_beats(hand, top, k, trump, opts), ns = 0;
            for (int i = 0; i < n; i++)
                if (all_safe(opts[i], trump, unseen)) sure[ns++] = opts[i];
            if (ns) {
                *beat = 1;
                return min_cost(p, sure, ns, trump);
            }
        }
        return junk(p, hand, k, trump, unseen);
    }
    int n = all_beats(hand, top, k, trump, opts);
    if (!n) return junk(p, hand, k, trump, unseen);
    int endgame = stock_n == 0;
    int cheap = n_played == 1 && k == 1 && trick_pts < p->cheap_keep;
    if (cheap && !endgame && SUIT[top[0]] != trump) {
        int m = 0;
        for (int i = 0; i < n; i++)
            if (SUIT[__builtin_ctzll(opts[i])] != trump) opts[m++] = opts[i];
        n = m;
        if (!n) return gifts(p, hand, 1, trump, unseen);
    }
    if (after > 0) {
        int ns = 0;
        for (int i = 0; i < n; i++)
            if (all_safe(opts[i], trump, unseen)) sure[ns++] = opts[i];
        if (ns) {
            u64 s = min_cost(p, sure, ns, trump);
            if (trick_pts + p->sure_slack >= beat_cost(p, s, trump) * p->sure_mult) {
                *beat = 1;
                return s;
            }
        }
    }
    u64 best = min_cost(p, opts, n, trump);
    if (after == 0) {
        if (trick_pts < p->last_trump_min && !endgame && SUIT[__builtin_ctzll(best)] == trump)
            return junk(p, hand, k, trump, unseen);
        *beat = 1;
        return best;
    }
    double c = beat_cost(p, best, trump);
    double gain = trick_pts + pts_of(best) + (!endgame ? p->tempo : p->tempo_end);
    gain *= p->after_discount;
    if (endgame) c *= p->end_cost;
    if (gain >= c) {
        *beat = 1;
        return best;
    }
    return junk(p, hand, k, trump, unseen);
}

/* policy.Policy.lead */
static u64 lead(const Params *p, u64 hand, int trump, int stock_n, u64 unseen) {
    int n = popcount(hand);
    int nsuits = 0, has_plain = 0;
    for (int s = 0; s < 4; s++)
        if (hand & SUIT_MASK[s]) {
            nsuits++;
            if (s != trump) has_plain = 1;
        }
    if (n == 4 && nsuits == 1) return hand;
    u64 best_sure = 0;
    int best_pts = 0;
    for (int s = 0; s < 4; s++) {
        u64 cs = hand & SUIT_MASK[s];
        if (!cs) continue;
        u64 sure = 0;
        for (u64 m = cs; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            if (!(BEATERS[trump][c] & unseen)) sure |= BIT(c);
        }
        int pts = pts_of(sure);
        if (sure && pts > best_pts) {
            best_sure = sure;
            best_pts = pts;
        }
    }
    if (best_sure && (best_pts >= p->cash_at || (stock_n == 0 && !(p->whole != 0.0 && has_plain))))
        return best_sure;
    if (p->whole != 0.0 && has_plain) {
        u64 best = 0;
        int bl = -1, bp = 0, blow = 0;
        for (int s = 0; s < 4; s++) {
            u64 cs = hand & SUIT_MASK[s];
            if (!cs || s == trump) continue;
            int l = popcount(cs), pp = pts_of(cs), low = __builtin_ctzll(cs);
            /* key (len, -points, -lowest card), the first maximal */
            if (!best || l > bl || (l == bl && (-pp > -bp || (-pp == -bp && -low > -blow)))) {
                best = cs;
                bl = l;
                bp = pp;
                blow = low;
            }
        }
        return best;
    }
    for (u64 m = hand; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        if (RANK[c] == 8 && SUIT[c] != trump) return BIT(c);
    }
    u64 best = 0;
    int bl = 0, bminr = 0, bfirst = 0;
    for (int s = 0; s < 4; s++) {
        if (s == trump) continue;
        u64 cs = 0;
        for (u64 m = hand & SUIT_MASK[s]; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            if (PTS[c] == 0) cs |= BIT(c);
        }
        if (!cs) continue;
        int l = popcount(cs), first = __builtin_ctzll(cs), minr = RANK[first];
        /* key (len, -min rank, first card), the first maximal */
        if (!best || l > bl || (l == bl && (-minr > -bminr || (-minr == -bminr && first > bfirst)))) {
            best = cs;
            bl = l;
            bminr = minr;
            bfirst = first;
        }
    }
    if (best) return best;
    int cs[4];
    double key[4];
    int nn = cards_of(hand, cs);
    for (int i = 0; i < nn; i++) key[i] = keep_value(p, cs[i], trump, unseen);
    return first_k(key, cs, nn, 1, 0);
}

/* ------------------------------------------------------------------ the game */
typedef struct {
    int trump;
    u64 hand[4];
    int8_t stock[24];
    int sp, sn; /* stock[sp..sn-1] are left, stock[sp] on top */
    int pts[2], tricks[2];
    int turn, opener;
    int top[4], k, top_seat;
    int n_played, trick_pts;
    u64 seen;
} State;

/* One play by the seat whose turn it is; returns 1 when the game is over. */
static int play(State *st, int seat, int is_lead, int is_beat, u64 cards) {
    st->hand[seat] &= ~cards;
    int pp = pts_of(cards);
    if (is_lead) {
        st->k = cards_of(cards, st->top);
        st->top_seat = seat;
        st->seen |= cards;
        st->trick_pts = pp;
        st->n_played = 1;
        st->turn = (seat + 1) & 3;
        return 0;
    }
    if (is_beat) {
        cards_of(cards, st->top);
        st->top_seat = seat;
        st->seen |= cards;
    }
    st->trick_pts += pp;
    st->n_played++;
    if (st->n_played < 4) {
        st->turn = (seat + 1) & 3;
        return 0;
    }
    int taker = st->top_seat, team = taker & 1;
    st->pts[team] += st->trick_pts;
    st->tricks[team]++;
    st->n_played = 0;
    st->trick_pts = 0;
    st->k = 0;
    while (st->sp < st->sn && popcount(st->hand[taker]) < 4) {
        for (int i = 0; i < 4 && st->sp < st->sn; i++)
            st->hand[(taker + i) & 3] |= BIT(st->stock[st->sp++]);
    }
    if (st->sp >= st->sn && !st->hand[taker]) return 1;
    st->turn = taker;
    st->opener = taker;
    st->top_seat = taker;
    return 0;
}

static inline u64 unseen_of(const State *st, int seat) { return ALL & ~st->seen & ~st->hand[seat]; }

/* The policy's play for the seat whose turn it is. */
static u64 policy_play(const Params *p, const State *st, int *is_lead, int *is_beat) {
    int seat = st->turn;
    u64 hand = st->hand[seat], unseen = unseen_of(st, seat);
    int stock_n = st->sn - st->sp;
    if (!st->n_played) {
        *is_lead = 1;
        *is_beat = 0;
        return lead(p, hand, st->trump, stock_n, unseen);
    }
    *is_lead = 0;
    return follow(p, hand, seat, st->trump, st->top, st->k, st->top_seat, st->n_played,
                  st->trick_pts, stock_n, unseen, is_beat);
}

static void rollout_plain(const Params *p, State *st) {
    for (;;) {
        int is_lead, is_beat;
        int seat = st->turn;
        u64 cards = policy_play(p, st, &is_lead, &is_beat);
        if (play(st, seat, is_lead, is_beat, cards)) return;
    }
}

/* strong.game_value for team 0 without its card-point term: won, lost, egg, and by how much
 * (the exact endgame maximises this: a few outcomes let alpha-beta cut far more). */
static double outcome(const State *st) {
    int a = st->pts[0], b = st->pts[1];
    if (a == b) return 0.0;
    if (a > b) return b > 30 ? 1.0 : (st->tricks[1] ? 1.3 : 1.6);
    return -(a > 30 ? 1.0 : (st->tricks[0] ? 1.3 : 1.6));
}

/* strong.game_value */
static double game_value(const State *st, int team) {
    return (team ? -outcome(st) : outcome(st)) + (st->pts[team] - 60) * 0.004;
}

/* ------------------------------------------------------------------ the seat's own search */
#define MAX_CANDS 10

typedef struct {
    u64 cards;
    int is_lead, is_beat;
} Cand;

static int add_cand(Cand *cs, int n, u64 cards, int is_lead, int is_beat) {
    if (!cards) return n;
    for (int i = 0; i < n; i++)
        if (cs[i].cards == cards && cs[i].is_beat == is_beat) return n;
    if (n >= MAX_CANDS) return n;
    cs[n].cards = cards;
    cs[n].is_lead = is_lead;
    cs[n].is_beat = is_beat;
    return n + 1;
}

/* The plays the seat weighs: the policy's own first, then the natural alternatives (the
 * cheapest beat and the cheapest sure beat, the cheapest discard and the richest gift; for
 * a lead, every suit whole and the lowest card of each suit). */
static int candidates(const Params *p, const State *st, Cand *cs) {
    int is_lead, is_beat;
    int n = 0;
    int seat = st->turn;
    u64 hand = st->hand[seat], unseen = unseen_of(st, seat);
    u64 first = policy_play(p, st, &is_lead, &is_beat);
    n = add_cand(cs, n, first, is_lead, is_beat);
    if (is_lead) {
        for (int s = 0; s < 4; s++) {
            u64 suit = hand & SUIT_MASK[s];
            if (!suit) continue;
            n = add_cand(cs, n, suit, 1, 0);
            n = add_cand(cs, n, suit & (~suit + 1), 1, 0);
        }
        return n;
    }
    u64 opts[8];
    int nb = all_beats(hand, st->top, st->k, st->trump, opts);
    if (nb) {
        n = add_cand(cs, n, min_cost(p, opts, nb, st->trump), 0, 1);
        u64 sure[8];
        int ns = 0;
        for (int i = 0; i < nb; i++)
            if (all_safe(opts[i], st->trump, unseen)) sure[ns++] = opts[i];
        if (ns) n = add_cand(cs, n, min_cost(p, sure, ns, st->trump), 0, 1);
    }
    n = add_cand(cs, n, junk(p, hand, st->k, st->trump, unseen), 0, 0);
    n = add_cand(cs, n, gifts(p, hand, st->k, st->trump, unseen), 0, 0);
    return n;
}

/* A world as the seat to play may imagine it: its own hand and every card shown face up
 * where they are (a card sent back to a hand by a molodka, the shown trump card in the
 * stock), the cards it has not seen dealt at random to the other hands and the stock. */
static void imagine(const State *st, int seat, State *w, Rng *r) {
    *w = *st;
    int pool[NC];
    int n = cards_of(ALL & ~st->seen & ~st->hand[seat], pool);
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(r, i + 1);
        int t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    int pos = 0;
    for (int s = 0; s < 4; s++) {
        if (s == seat) continue;
        /* a card shown face up and sent back by a molodka stays where everybody saw it go */
        u64 m = st->hand[s] & st->seen;
        int need = popcount(st->hand[s] & ~st->seen);
        for (int i = 0; i < need && pos < n; i++) m |= BIT(pool[pos++]);
        w->hand[s] = m;
    }
    for (int i = st->sp; i < st->sn && pos < n; i++)
        if (!(st->seen & BIT(st->stock[i]))) w->stock[i] = (int8_t)pool[pos++];
}

#define BONUS 0.02 /* ties go to the policy's own play */

static void searched_play(const Params *p, const State *st, int worlds, Rng *r, Cand *out) {
    Cand cs[MAX_CANDS];
    int n = candidates(p, st, cs);
    *out = cs[0];
    if (n == 1) return;
    double total[MAX_CANDS];
    for (int i = 0; i < n; i++) total[i] = 0.0;
    total[0] = BONUS * worlds;
    int seat = st->turn, team = seat & 1;
    State w, x;
    for (int it = 0; it < worlds; it++) {
        imagine(st, seat, &w, r);
        for (int i = 0; i < n; i++) {
            x = w;
            if (!play(&x, seat, cs[i].is_lead, cs[i].is_beat, cs[i].cards)) rollout_plain(p, &x);
            total[i] += game_value(&x, team);
        }
    }
    int best = 0;
    for (int i = 1; i < n; i++)
        if (total[i] > total[best]) best = i;
    *out = cs[best];
}

#include "_csim_exact.h" /* the exact endgame: solve(), play_exactly() */

/* A rollout: its first `nest` plays searched by the seat to play (over `worlds` worlds), the
 * next by the policy, and, once the stock is empty and the seat to play holds at most `depth`
 * cards (depth < 0: never), the rest exactly. */
static void rollout_full(const Params *p, State *st, int nest, int worlds, int depth, Rng *r) {
    for (;;) {
        int seat = st->turn;
        if (depth >= 0 && st->sp >= st->sn && popcount(st->hand[seat]) <= depth) {
            play_exactly(p, st);
            return;
        }
        Cand c;
        if (nest > 0) {
            searched_play(p, st, worlds, r, &c);
            nest--;
        } else {
            c.cards = policy_play(p, st, &c.is_lead, &c.is_beat);
        }
        if (play(st, seat, c.is_lead, c.is_beat, c.cards)) return;
    }
}

/* ------------------------------------------------------------------ Python */
static int read_params(PyObject *obj, Params *p) {
    PyObject *seq = PySequence_Fast(obj, "params must be a sequence of numbers");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != N_PARAMS) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "params must hold %d numbers", N_PARAMS);
        return -1;
    }
    double *dst = (double *)p;
    for (int i = 0; i < N_PARAMS; i++) {
        dst[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (dst[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

/* Parses the arguments shared by rollout() and decide(); returns 0 or -1 (an exception set). */
static int parse(PyObject *args, State *st, Params *p, int *nest, int *worlds, u64 *seed_out,
                 int *depth) {
    memset(st, 0, sizeof *st);
    unsigned long long h0, h1, h2, h3, seen, seed;
    const char *stock, *top;
    Py_ssize_t stock_n, top_n;
    PyObject *params;
    *depth = -1;
    if (!PyArg_ParseTuple(args, "i(KKKK)y#(ii)(ii)iiy#iiiKOiiK|i", &st->trump, &h0, &h1, &h2,
                          &h3, &stock, &stock_n, &st->pts[0], &st->pts[1], &st->tricks[0],
                          &st->tricks[1], &st->turn, &st->opener, &top, &top_n, &st->top_seat,
                          &st->n_played, &st->trick_pts, &seen, &params, nest, worlds, &seed,
                          depth))
        return -1;
    if (read_params(params, p) < 0) return -1;
    u64 hands[4] = {h0, h1, h2, h3};
    u64 all = 0;
    int bad = stock_n > 20 || top_n > 4 || st->trump < 0 || st->trump > 3 || *worlds < 1 ||
              st->turn < 0 || st->turn > 3 || st->top_seat < 0 || st->top_seat > 3 ||
              st->n_played < 0 || st->n_played > 3 || (st->n_played > 0) != (top_n > 0);
    for (int i = 0; i < 4; i++) {
        st->hand[i] = hands[i];
        bad |= (hands[i] & ~ALL) != 0 || popcount(hands[i]) > 4 || (hands[i] & all) != 0;
        all |= hands[i];
    }
    for (Py_ssize_t i = 0; i < stock_n; i++) bad |= (unsigned char)stock[i] >= NC;
    for (Py_ssize_t i = 0; i < top_n; i++) bad |= (unsigned char)top[i] >= NC;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "not a position of this game");
        return -1;
    }
    for (Py_ssize_t i = 0; i < stock_n; i++) st->stock[i] = (int8_t)stock[i];
    st->sp = 0;
    st->sn = (int)stock_n;
    st->k = (int)top_n;
    for (Py_ssize_t i = 0; i < top_n; i++) st->top[i] = (unsigned char)top[i];
    st->seen = seen & ALL;
    *seed_out = seed ? seed : 0x9E3779B97F4A7C15ULL;
    return 0;
}

static PyObject *py_decide(PyObject *self, PyObject *args) {
    (void)self;
    State st;
    Params p;
    int nest, worlds, depth;
    u64 seed;
    if (parse(args, &st, &p, &nest, &worlds, &seed, &depth) < 0) return NULL;
    if (!st.hand[st.turn]) {
        PyErr_SetString(PyExc_ValueError, "the seat to play holds no card");
        return NULL;
    }
    Rng r = {seed};
    Cand c;
    Py_BEGIN_ALLOW_THREADS;
    searched_play(&p, &st, worlds, &r, &c);
    Py_END_ALLOW_THREADS;
    return Py_BuildValue("(iiK)", c.is_lead, c.is_beat, (unsigned long long)c.cards);
}

static PyObject *py_rollout(PyObject *self, PyObject *args) {
    (void)self;
    State st;
    Params p;
    int nest, worlds, depth;
    u64 seed;
    if (parse(args, &st, &p, &nest, &worlds, &seed, &depth) < 0) return NULL;
    Rng r = {seed};
    Py_BEGIN_ALLOW_THREADS;
    rollout_full(&p, &st, nest, worlds, depth, &r);
    Py_END_ALLOW_THREADS;
    return Py_BuildValue("(ii)(ii)", st.pts[0], st.pts[1], st.tricks[0], st.tricks[1]);
}

static PyMethodDef methods[] = {
    {"rollout", py_rollout, METH_VARARGS,
     "rollout(trump, hands, stock, pts, tricks, turn, opener, top, top_seat, n_played, "
     "trick_pts, seen, params, nest, worlds, seed, depth=-1) -> (pts, tricks): the game "
     "played to its end; the first `nest` plays searched by the seat to play over `worlds` "
     "worlds, the next by the policy, and once the stock is empty and the seat to play "
     "holds at most `depth` cards (depth < 0: never) the rest exactly (alpha-beta, every "
     "seat seeing every card)."},
    {"decide", py_decide, METH_VARARGS,
     "decide(<the same arguments>) -> (is_lead, is_beat, cards mask): the play the seat to "
     "play chooses by its own search over `worlds` worlds (`nest` and `depth` are not "
     "used)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_csim", "The fast simulator and rollout policy in C.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__csim(void) {
    init_tables();
    return PyModule_Create(&module);
}
