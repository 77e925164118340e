/* The exact endgame of the C simulator, included once by _csim.c (which defines State, Params,
 * Cand, play(), policy_play(), all_beats(), outcome() and rollout_plain() before it): a part of
 * that one translation unit, kept in its own file for its size. */
#ifndef KOZEL_CSIM_EXACT_H
#define KOZEL_CSIM_EXACT_H

/* ------------------------------------------------------------------ the exact endgame */
/* Once the stock is empty every card is in a hand: in one world the rest of the game is a
 * finite two-team game of perfect information, solved here by alpha-beta over every legal
 * play (rules §4: every one-suit set as a lead; every beating set and every set of k cards
 * as a discard as an answer), team 0 maximising strong.game_value. */
typedef struct {
    int pts[2], tricks[2];
} Leaf;

static inline Leaf leaf_of(const State *st) {
    Leaf l = {{st->pts[0], st->pts[1]}, {st->tricks[0], st->tricks[1]}};
    return l;
}

#define MAX_MOVES 24

/* Cards of `hand` with an equivalent lower card in it (same suit, same points, no card still
 * in play between them: playing either leads to the same game), as pairs (card, lower). */
static int twins(const State *st, u64 hand, int *hi, int *lo) {
    u64 live = st->hand[0] | st->hand[1] | st->hand[2] | st->hand[3];
    for (int i = 0; i < st->k; i++) live |= BIT(st->top[i]);
    int n = 0, prev = -1;
    u64 m = live;
    while (m) {
        int c = __builtin_ctzll(m);
        m &= m - 1;
        if (prev >= 0 && SUIT[prev] == SUIT[c] && PTS[prev] == PTS[c] && ((hand >> prev) & 1) &&
            ((hand >> c) & 1)) {
            hi[n] = c;
            lo[n] = prev;
            n++;
        }
        prev = c;
    }
    return n;
}

/* Whether a play uses a card of a pair of twins without its lower twin (a copy of another). */
static inline int twin_copy(u64 cards, const int *hi, const int *lo, int nt) {
    for (int i = 0; i < nt; i++)
        if (((cards >> hi[i]) & 1) && !((cards >> lo[i]) & 1)) return 1;
    return 0;
}

static int all_moves(const Params *p, const State *st, Cand *ms) {
    int seat = st->turn, n = 0, is_lead, is_beat;
    u64 hand = st->hand[seat];
    int hi[4], lo[4];
    int nt = twins(st, hand, hi, lo);
    u64 first = policy_play(p, st, &is_lead, &is_beat); /* a good first guess prunes more */
    ms[n].cards = first;
    ms[n].is_lead = is_lead;
    ms[n].is_beat = is_beat;
    n++;
    if (!st->n_played) {
        for (int s = 0; s < 4; s++) {
            u64 suit = hand & SUIT_MASK[s];
            /* every non-empty subset of the suit's cards */
            for (u64 sub = suit; sub; sub = (sub - 1) & suit) {
                if (sub == first || twin_copy(sub, hi, lo, nt)) continue;
                ms[n].cards = sub;
                ms[n].is_lead = 1;
                ms[n].is_beat = 0;
                n++;
            }
        }
        return n;
    }
    u64 opts[8];
    int nb = all_beats(hand, st->top, st->k, st->trump, opts);
    for (int i = 0; i < nb; i++) {
        if ((opts[i] == first && is_beat) || twin_copy(opts[i], hi, lo, nt)) continue;
        ms[n].cards = opts[i];
        ms[n].is_lead = 0;
        ms[n].is_beat = 1;
        n++;
    }
    int cs[4];
    int hn = cards_of(hand, cs), k = st->k;
    for (u64 m = 0; m < ((u64)1 << hn); m++) {
        if (popcount(m) != k) continue;
        u64 d = 0;
        for (int i = 0; i < hn; i++)
            if ((m >> i) & 1) d |= BIT(cs[i]);
        if ((d == first && !is_beat) || twin_copy(d, hi, lo, nt)) continue;
        ms[n].cards = d;
        ms[n].is_lead = 0;
        ms[n].is_beat = 0;
        n++;
    }
    return n;
}

static double solve(const Params *p, const State *st, double alpha, double beta, Leaf *leaf) {
    /* what the game can still come to: every point left to one team or to the other */
    int rem = st->trick_pts + pts_of(st->hand[0] | st->hand[1] | st->hand[2] | st->hand[3]);
    State b = *st;
    b.pts[0] += rem;
    b.tricks[0]++;
    double hi = outcome(&b);
    b = *st;
    b.pts[1] += rem;
    b.tricks[1]++;
    double lo = outcome(&b);
    if (hi <= alpha || lo >= beta || lo == hi) {
        if (lo == hi) { /* decided: any line will do, the policy's */
            b = *st;
            rollout_plain(p, &b);
            *leaf = leaf_of(&b);
        }
        return hi <= alpha ? hi : lo;
    }
    Cand ms[MAX_MOVES];
    int n = all_moves(p, st, ms);
    int seat = st->turn, maxi = (seat & 1) == 0;
    double best = maxi ? -1e9 : 1e9;
    for (int i = 0; i < n; i++) {
        State c = *st;
        Leaf l;
        double v;
        if (play(&c, seat, ms[i].is_lead, ms[i].is_beat, ms[i].cards)) {
            v = outcome(&c);
            l = leaf_of(&c);
        } else {
            v = solve(p, &c, alpha, beta, &l);
        }
        if (maxi ? v > best : v < best) {
            best = v;
            *leaf = l;
        }
        if (maxi) {
            if (v > alpha) alpha = v;
        } else if (v < beta) {
            beta = v;
        }
        if (alpha >= beta) break;
    }
    return best;
}

/* The rest of the game played exactly (the leaf of the principal line). */
static void play_exactly(const Params *p, State *st) {
    Leaf l;
    solve(p, st, -1e9, 1e9, &l);
    st->pts[0] = l.pts[0];
    st->pts[1] = l.pts[1];
    st->tricks[0] = l.tricks[0];
    st->tricks[1] = l.tricks[1];
}

#endif
