/* The fast Monopoly simulator core: engines/monopoly/game.py's state machine and the hard, medium
 * and buy-everything players of engines/monopoly/ai.py, in flat C arrays.
 *
 * It is a line-by-line port, not a model: every function below names the Python function it
 * follows, and a game played here from the same random stream is the engine's game, throw for
 * throw (tests/engines/monopoly/test_fastsim.py compares them).  Every number (prices, rents, the
 * cards, the bank, the players' build and sell tables, hard's income per level, group bonuses and
 * constants) comes from rules.py and ai.py through configure(); nothing here is a second copy of
 * the rules.
 *
 * Two details keep the games identical rather than merely alike:
 * - the random stream is Python's: the Mersenne Twister state of random.Random(seed) is passed in,
 *   and a draw is random.randrange(n) (getrandbits(bit_length(n)) until below n);
 * - ai.py picks from frozenset(legal) with min()/max(), where the first of equal keys wins, so the
 *   order of that set decides ties (which railroad to mortgage first).  set_order() lays the legal
 *   list out the way CPython's set does (small ints hash to themselves) and iterates it;
 * - hard's valuations are doubles summed in Python's order, with Python's round(), int() and float
 *   floor division, and the build passes -ffp-contract=off (no fused multiply-adds).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NSQ 40
#define MAXP 6
#define NDECK 2
#define DECKSZ 16
#define QMAX 128

/* action ints: the same as engines/monopoly/game.py (fastsim.py checks them at import) */
enum {
    ROLL = 0, END_TURN = 1, PAY_FINE = 2, USE_CARD = 3, BUY = 4, DECLINE = 5, PASS = 6, TAX_FLAT = 7,
    TAX_PERCENT = 8, BANKRUPT = 9, PROPOSE = 10, CANCEL = 11, ACCEPT = 12, REJECT = 13, LIFT = 14,
    KEEP = 15, WANT = 16, BID_BASE = 20, TRADE_WITH_BASE = 30, CASH_GIVE_BASE = 40, CASH_ASK_BASE = 43,
    CARD_TOGGLE_BASE = 46, BUILD_BASE = 100, SELL_BASE = 140, MORTGAGE_BASE = 180, UNMORTGAGE_BASE = 220,
    TOGGLE_BASE = 260, PLACE_BASE = 300
};
enum { P_ROLL, P_BUY, P_AUCTION, P_TAX, P_DEBT, P_LIFT, P_AFTER, P_TRADE, P_REPLY, P_FLOOR, P_CLAIM,
       P_PLACE, P_DICE, P_CARD, P_OVER };
enum { S_ROLL, S_AFTER, S_END, S_FLOOR };
enum { D_MOVE, D_UTILITY };
enum { ITEM_NONE, ITEM_PROPERTY, ITEM_HOUSE, ITEM_HOTEL };
enum { RENT_NORMAL, RENT_DOUBLE_RAILROAD, RENT_UTILITY_TEN };
enum { BANK = -1, POT = -2 };
/* square kinds and card effects: codes fastsim.py maps the rules' names to */
enum { K_OTHER, K_STREET, K_RAILROAD, K_UTILITY, K_CHANCE, K_CHEST, K_INCOME_TAX, K_LUXURY_TAX,
       K_GO_TO_JAIL, K_FREE_PARKING };
#define IS_PROPERTY(kind) ((kind) == K_STREET || (kind) == K_RAILROAD || (kind) == K_UTILITY)
enum { E_ADVANCE, E_RAILROAD, E_UTILITY, E_BACK, E_JAIL, E_JAIL_FREE, E_BANK, E_EACH, E_REPAIRS };
enum { LV_MEDIUM, LV_BUY_EVERYTHING, LV_HARD };
#define NGROUPS 10  /* colour groups, railroads and utilities (fastsim.py checks the count) */

/* -- the rules, set once by configure() ---------------------------------------------------------- */
static struct {
    int ready;
    int kind[NSQ], price[NSQ], rents[NSQ][6], house_cost[NSQ], mortgage[NSQ], lift_cost[NSQ], interest[NSQ];
    int group_n[NSQ], group[NSQ][4], group_id[NSQ];
    int nprops, props[NSQ], nstreets, streets[NSQ];
    int ncolour, colour_n[10], colour[10][4];
    int next_railroad[NSQ], next_utility[NSQ];
    int railroad_rents[5], utility_mult[3];
    int starting_cash, go_salary, jail_sq, jail_fine, jail_max_turns, jail_fine_turns, doubles_to_jail;
    int income_flat, income_percent, luxury_tax, bank_houses, bank_hotels, max_houses, hotel_level;
    int sell_percent, card_utility_mult, card_railroad_factor, trades_per_turn;
    int bid_steps[3], cash_steps[3];
    int card_effect[NDECK][DECKSZ], card_square[NDECK][DECKSZ], card_amount[NDECK][DECKSZ];
    int card_per_house[NDECK][DECKSZ], card_per_hotel[NDECK][DECKSZ], jail_free[NDECK];
    double build_gain[NSQ][6], sell_loss[NSQ][6];
    /* hard's tables and constants (ai.py): _income(sq, level) for levels 0-6, group_bonus(group,
     * opponents) by group index and 0-5 opponents, then HORIZON_TURNS ... RESERVE_SHARE_DUEL */
    double income[NSQ][7], group_bonus[NGROUPS][MAXP];
    double horizon_turns, reserve_base, reserve_duel, reserve_share, reserve_most, deny_block, jail_danger,
        auction_saving, reserve_bare, rent_enough, reserve_share_duel;
    int refusals_before_wait, max_wait_turns, step_premium, hard_build_target, hotel_house_cost;
} R;

/* -- Python's random.Random: MT19937 and randrange ---------------------------------------------- */
typedef struct { uint32_t mt[624]; int mti; } MT;

static uint32_t genrand(MT *r) {
    static const uint32_t mag01[2] = {0x0u, 0x9908b0dfu};
    uint32_t y;
    if (r->mti >= 624) {
        int kk;
        for (kk = 0; kk < 624 - 397; kk++) {
            y = (r->mt[kk] & 0x80000000u) | (r->mt[kk + 1] & 0x7fffffffu);
            r->mt[kk] = r->mt[kk + 397] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; kk < 623; kk++) {
            y = (r->mt[kk] & 0x80000000u) | (r->mt[kk + 1] & 0x7fffffffu);
            r->mt[kk] = r->mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (r->mt[623] & 0x80000000u) | (r->mt[0] & 0x7fffffffu);
        r->mt[623] = r->mt[396] ^ (y >> 1) ^ mag01[y & 1u];
        r->mti = 0;
    }
    y = r->mt[r->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

static int randbelow(MT *r, int n) {  /* random.Random._randbelow_with_getrandbits */
    int k = 0;
    while ((n >> k) != 0) k++;
    uint32_t v;
    do {
        v = genrand(r) >> (32 - k);
    } while (v >= (uint32_t)n);
    return (int)v;
}

/* -- CPython's set layout (Objects/setobject.c: set_add_entry, set_table_resize) ------------------ */
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

static void set_insert(int *table, size_t mask, int key) {
    size_t perturb = (size_t)key, i = (size_t)key & mask;
    for (;;) {
        /* set_add_entry looks at `probes + 1` entries from i; set_insert_clean the same */
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        size_t j = i;
        for (int k = 0; k <= probes; k++, j++) {
            if (table[j] < 0) {
                table[j] = key;
                return;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* The iteration order of frozenset(keys) (keys distinct, inserted in the given order). */
static int set_order(const int *keys, int n, int *out) {
    int table[512], other[512];
    size_t size = 8, mask = 7;
    int fill = 0;
    for (size_t i = 0; i < size; i++) table[i] = -1;
    for (int k = 0; k < n; k++) {
        set_insert(table, mask, keys[k]);
        fill++;
        if ((size_t)fill * 5 >= mask * 3) {
            size_t minused = (size_t)fill * 4, newsize = 8;
            while (newsize <= minused) newsize <<= 1;
            if (newsize > 512) return -1;
            for (size_t i = 0; i < newsize; i++) other[i] = -1;
            for (size_t i = 0; i < size; i++)
                if (table[i] >= 0) set_insert(other, newsize - 1, table[i]);
            size = newsize;
            mask = newsize - 1;
            memcpy(table, other, size * sizeof(int));
        }
    }
    int m = 0;
    for (size_t i = 0; i < size; i++)
        if (table[i] >= 0) out[m++] = table[i];
    return m;
}

/* -- state ------------------------------------------------------------------------------------ */
typedef struct {
    int partner;
    uint64_t squares;
    signed char board[NSQ];
    int count, has_last, last_cash;
} Offer;

typedef struct {
    int level;
    int *plan, nplan, plan_at, plan_cap;
    Offer *offered;
    int noffered, offered_cap;
    int has_no_offers;
    signed char no_owner[NSQ];
    char no_mortgaged[NSQ];
    int no_cash[MAXP];
    /* hard only: my turns so far, each partner's refusals in a row and the turn before which I do
     * not offer them again (0, 0 when absent from the dict), and my open offer (awaiting) */
    int turns, rolling;  /* rolling: this turn's roll phase is counted (see MonopolyPlayer.rolling) */
    int refused_streak[MAXP], refused_until[MAXP];
    int awaiting, aw_partner;
    uint64_t aw_squares;
    signed char aw_before[NSQ];
} Player;

typedef struct { int debtor, creditor, amount; } Debt;

typedef struct {
    int n, max_turns, trading, jackpot, error;
    int cash[MAXP], pos[MAXP], in_jail[MAXP], jail_turns[MAXP], bankrupt[MAXP], turns_done[MAXP];
    int trades_left[MAXP], jail_cards[MAXP][NDECK], njail_cards[MAXP];
    int owner[NSQ], level[NSQ], mortgaged[NSQ];
    int bank_houses, bank_hotels, pot;
    long long bank_in, bank_out;
    int unseen[NDECK][DECKSZ], nunseen[NDECK], pile[NDECK][DECKSZ], npile[NDECK];
    int turn, stage, phase, doubles, dice0, dice1, has_dice, dice_for, card_deck, utility_owner;
    int pending_buy, pending_tax, pending_move;
    Debt debts[QMAX];
    int ndebts;
    int lift_or_keep[QMAX][2], nlift;
    int auction_queue[QMAX], nqueue;
    int has_auction, a_item, a_sq, a_bidders[MAXP], a_n, a_active[MAXP], a_at, a_high, a_leader, a_min;
    int has_trade, t_proposer, t_partner, t_squares[NSQ], t_nsquares, t_cash, t_cards[NDECK], t_ncards;
    int has_claim, c_item, c_builder, c_asked[MAXP], c_nasked, c_wanting[MAXP], c_nwanting, c_square;
    int has_place, place_player, place_item;
    int floor[MAXP], nfloor;
    int winners[MAXP], nwinners;
    int st_trades, st_auctions, st_shortages, st_bankruptcies, st_turns;
    Player players[MAXP];
    /* frozenset(legal) in iteration order, laid out once per decision (lg_ok) */
    int lg_ok, lg_n, lg[256];
    MT rng;
    /* what the tests compare with the engine: landings per square (40 = sent to jail), the chance
     * outcomes to use first, and a trace of cash and positions after every chance outcome */
    long landings[NSQ + 1];
    int *script, nscript, script_at;
    int tracing, *trace;
    long ntrace, trace_cap;
} S;

#define FAIL(s) do { (s)->error = __LINE__; return; } while (0)

static void debt_push(S *s, int debtor, int creditor, int amount) {
    if (s->ndebts >= QMAX) FAIL(s);
    s->debts[s->ndebts++] = (Debt){debtor, creditor, amount};
}

static void debt_pop(S *s) {
    memmove(s->debts, s->debts + 1, (size_t)(--s->ndebts) * sizeof(Debt));
}

static void lift_push(S *s, int p, int sq) {
    if (s->nlift >= QMAX) FAIL(s);
    s->lift_or_keep[s->nlift][0] = p;
    s->lift_or_keep[s->nlift][1] = sq;
    s->nlift++;
}

/* -- reading the position (MonopolyState.actor, rent, worth, ...) ------------------------------ */
static int actor(const S *s) {
    switch (s->phase) {
    case P_ROLL: case P_AFTER: case P_BUY: case P_TAX: return s->turn;
    case P_AUCTION: return s->a_bidders[s->a_at];
    case P_DEBT: return s->debts[0].debtor;
    case P_LIFT: return s->lift_or_keep[0][0];
    case P_TRADE: return s->t_proposer;
    case P_REPLY: return s->t_partner;
    case P_FLOOR: return s->floor[0];
    case P_CLAIM: return s->c_asked[0];
    case P_PLACE: return s->place_player;
    }
    return -1;
}

static int group_complete(const S *s, int sq) {
    int o = s->owner[sq];
    if (o < 0) return 0;
    for (int k = 0; k < R.group_n[sq]; k++)
        if (s->owner[R.group[sq][k]] != o) return 0;
    return 1;
}

static int rent(const S *s, int sq, int dice_total) {
    int o = s->owner[sq];
    if (o < 0 || s->mortgaged[sq]) return 0;
    if (R.kind[sq] == K_STREET) {
        int lvl = s->level[sq];
        if (lvl) return R.rents[sq][lvl];
        return R.rents[sq][0] * (group_complete(s, sq) ? 2 : 1);
    }
    int held = 0;
    for (int k = 0; k < R.group_n[sq]; k++) held += s->owner[R.group[sq][k]] == o;
    if (R.kind[sq] == K_RAILROAD) return R.railroad_rents[held];
    return R.utility_mult[held] * dice_total;
}

static int worth(const S *s, int p) {
    if (s->bankrupt[p]) return 0;
    int total = s->cash[p];
    for (int k = 0; k < R.nprops; k++) {
        int sq = R.props[k];
        if (s->owner[sq] == p) total += R.price[sq] + s->level[sq] * R.house_cost[sq];
    }
    return total;
}

static int raisable(const S *s, int p) {
    int total = s->cash[p];
    for (int k = 0; k < R.nprops; k++) {
        int sq = R.props[k];
        if (s->owner[sq] == p) {
            total += s->level[sq] * R.house_cost[sq] * R.sell_percent / 100;
            if (!s->mortgaged[sq]) total += R.mortgage[sq];
        }
    }
    return total;
}

static int active_count(const S *s) {
    int c = 0;
    for (int p = 0; p < s->n; p++) c += !s->bankrupt[p];
    return c;
}

static int active_from(const S *s, int first, int *out) {
    int m = 0;
    for (int i = 0; i < s->n; i++) {
        int q = (first + i) % s->n;
        if (!s->bankrupt[q]) out[m++] = q;
    }
    return m;
}

static int can_build(const S *s, int p, int sq, int paid) {
    if (s->owner[sq] != p || R.kind[sq] != K_STREET) return 0;
    int lvl = s->level[sq];
    if (lvl >= R.hotel_level) return 0;
    for (int k = 0; k < R.group_n[sq]; k++) {
        int o = R.group[sq][k];
        if (s->owner[o] != p || s->mortgaged[o] || s->level[o] < lvl) return 0;
    }
    if (lvl == R.max_houses) {
        if (s->bank_hotels == 0) return 0;
    } else if (s->bank_houses == 0) {
        return 0;
    }
    return paid || s->cash[p] >= R.house_cost[sq];
}

/* buildable_lots: per player, the lots that could take the next house (or a hotel) now */
static void buildable_lots(const S *s, int item, int lots[MAXP][NSQ], int nlots[MAXP]) {
    for (int p = 0; p < MAXP; p++) nlots[p] = 0;
    for (int k = 0; k < R.nstreets; k++) {
        int sq = R.streets[k], p = s->owner[sq];
        if (p >= 0 && (s->level[sq] == R.max_houses) == (item == ITEM_HOTEL) && can_build(s, p, sq, 0))
            lots[p][nlots[p]++] = sq;
    }
}

/* -- legal actions (legal_actions, _manage, _trade_actions) ------------------------------------- */
static void manage(const S *s, int p, int *acts, int *n, int full) {
    int cash = s->cash[p];
    for (int k = 0; k < R.nprops; k++) {
        int sq = R.props[k];
        if (s->owner[sq] != p) continue;
        if (s->mortgaged[sq]) {
            if (full && cash >= R.lift_cost[sq]) acts[(*n)++] = UNMORTGAGE_BASE + sq;
            continue;
        }
        if (R.kind[sq] != K_STREET) {
            acts[(*n)++] = MORTGAGE_BASE + sq;
            continue;
        }
        int lvl = s->level[sq], low = lvl, high = lvl, whole = 1;
        for (int j = 0; j < R.group_n[sq]; j++) {
            int o = R.group[sq][j], other = s->level[o];
            if (other < low) low = other;
            else if (other > high) high = other;
            if (s->owner[o] != p || s->mortgaged[o]) whole = 0;
        }
        if (lvl) {
            if (lvl == high) acts[(*n)++] = SELL_BASE + sq;
        } else if (high == 0) {
            acts[(*n)++] = MORTGAGE_BASE + sq;
        }
        if (full && whole && lvl == low && lvl < R.hotel_level && cash >= R.house_cost[sq] &&
            (lvl == R.max_houses ? s->bank_hotels : s->bank_houses))
            acts[(*n)++] = BUILD_BASE + sq;
    }
    if ((full || s->phase == P_DEBT) && s->trading && s->trades_left[p] > 0)
        for (int q = 0; q < s->n; q++)
            if (q != p && !s->bankrupt[q]) acts[(*n)++] = TRADE_WITH_BASE + q;
}

static void sort_ints(int *a, int n) {
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* The sorted legal list of the roll, after-roll, between-turns, buy and debt phases (the ones
 * whose whole list a player reads). */
static int legal_list(const S *s, int *acts) {
    int p = actor(s), n = 0;
    switch (s->phase) {
    case P_ROLL:
        acts[n++] = ROLL;
        if (s->in_jail[p]) {
            if (s->jail_turns[p] < R.jail_fine_turns && s->cash[p] >= R.jail_fine) acts[n++] = PAY_FINE;
            if (s->njail_cards[p]) acts[n++] = USE_CARD;
        }
        manage(s, p, acts, &n, 1);
        break;
    case P_AFTER:
    case P_FLOOR:
        acts[n++] = s->phase == P_AFTER ? END_TURN : PASS;
        manage(s, p, acts, &n, 1);
        break;
    case P_BUY:
        acts[n++] = DECLINE;
        if (s->cash[p] >= R.price[s->pending_buy]) acts[n++] = BUY;
        manage(s, p, acts, &n, 0);
        break;
    case P_DEBT:
        if (raisable(s, p) < s->debts[0].amount) acts[n++] = BANKRUPT;
        manage(s, p, acts, &n, 0);
        break;
    default:
        return -1;
    }
    sort_ints(acts, n);
    return n;
}

static int trade_legal(const S *s, int action) {  /* membership in _trade_actions() */
    int proposer = s->t_proposer, partner = s->t_partner, cash = s->t_cash;
    if (action == PROPOSE) return s->t_nsquares || cash || s->t_ncards;
    if (action == CANCEL) return 1;
    if (action >= CASH_GIVE_BASE && action < CASH_GIVE_BASE + 3)
        return cash + R.cash_steps[action - CASH_GIVE_BASE] <= s->cash[proposer];
    if (action >= CASH_ASK_BASE && action < CASH_ASK_BASE + 3)
        return -(cash - R.cash_steps[action - CASH_ASK_BASE]) <= s->cash[partner];
    if (action >= CARD_TOGGLE_BASE && action < CARD_TOGGLE_BASE + NDECK) {
        int d = action - CARD_TOGGLE_BASE;
        for (int k = 0; k < s->njail_cards[proposer]; k++) if (s->jail_cards[proposer][k] == d) return 1;
        for (int k = 0; k < s->njail_cards[partner]; k++) if (s->jail_cards[partner][k] == d) return 1;
        return 0;
    }
    if (action >= TOGGLE_BASE && action < TOGGLE_BASE + NSQ) {
        int sq = action - TOGGLE_BASE, o = s->owner[sq];
        if (R.group_id[sq] < 0 || (o != proposer && o != partner)) return 0;
        for (int k = 0; k < R.nstreets; k++) {
            int st = R.streets[k];
            if (s->level[st] && R.group_id[st] == R.group_id[sq]) return 0;
        }
        return 1;
    }
    return 0;
}

/* -- money --------------------------------------------------------------------------------------- */
static void pay_bank(S *s, int p, int amount) { s->cash[p] -= amount; s->bank_in += amount; }
static void from_bank(S *s, int p, int amount) { s->cash[p] += amount; s->bank_out += amount; }

static void pay(S *s, int p, int creditor, int amount) {
    s->cash[p] -= amount;
    if (creditor >= 0) s->cash[creditor] += amount;
    else if (creditor == POT && s->jackpot) s->pot += amount;
    else s->bank_in += amount;
}

/* -- cards --------------------------------------------------------------------------------------- */
static void return_card(S *s, int deck, int index) {
    if (s->npile[deck] >= DECKSZ) FAIL(s);
    s->pile[deck][s->npile[deck]++] = index;
}

/* -- forward declarations --------------------------------------------------------------------- */
static void cont(S *s);
static void land(S *s, int p, int rent_mode);
static int game_ended(S *s);

/* -- the flow ------------------------------------------------------------------------------------ */
static int next_seat(const S *s) {
    int q = s->turn;
    for (int i = 0; i < s->n; i++) {
        q = (q + 1) % s->n;
        if (!s->bankrupt[q]) return q;
    }
    return q;
}

static int game_ended(S *s) {
    int active[MAXP], na = active_from(s, 0, active);
    if (na > 1) {
        if (!s->max_turns) return 0;
        if (s->turns_done[next_seat(s)] < s->max_turns) return 0;
    }
    int best = 0, first = 1;
    for (int k = 0; k < na; k++) {
        int w = worth(s, active[k]);
        if (first || w > best) best = w;
        first = 0;
    }
    s->nwinners = 0;
    for (int k = 0; k < na; k++)
        if (worth(s, active[k]) == best) s->winners[s->nwinners++] = active[k];
    s->phase = P_OVER;
    return 1;
}

static void end_turn(S *s) {
    int p = s->turn;
    if (!s->bankrupt[p]) s->turns_done[p]++;
    s->st_turns++;
    if (game_ended(s)) return;
    s->stage = S_FLOOR;
    int order[MAXP], m = active_from(s, p, order);
    s->nfloor = 0;
    for (int k = 0; k < m; k++)
        if (order[k] != p) s->floor[s->nfloor++] = order[k];
    for (int k = 0; k < s->nfloor; k++) s->trades_left[s->floor[k]] = R.trades_per_turn;
}

static void next_turn(S *s) {
    if (game_ended(s)) return;
    int p = s->turn = next_seat(s);
    s->stage = S_ROLL;
    s->doubles = 0;
    s->has_dice = 0;
    s->trades_left[p] = R.trades_per_turn;
    s->phase = P_ROLL;
}

static void draw(S *s, int deck, int index, int settle);
static void start_auction(S *s, int item, int sq, const int *bidders, int nb, int min_bid);
static void move_by(S *s, int p, int steps);

static void cont(S *s) {  /* MonopolyState._continue */
    for (int guard = 0; guard < 100000; guard++) {
        if (s->error || s->phase == P_OVER) return;
        if (s->nlift) {
            s->phase = P_LIFT;
            return;
        }
        if (s->ndebts) {
            while (s->ndebts) {
                Debt d = s->debts[0];
                if (s->bankrupt[d.debtor] || (d.creditor >= 0 && s->bankrupt[d.creditor])) {
                    debt_pop(s);
                } else if (s->cash[d.debtor] >= d.amount) {
                    pay(s, d.debtor, d.creditor, d.amount);
                    debt_pop(s);
                } else if (active_count(s) == 1 && raisable(s, d.debtor) < d.amount) {
                    /* the last player standing is not made bankrupt: the bank writes off the rest */
                    pay(s, d.debtor, d.creditor, s->cash[d.debtor]);
                    debt_pop(s);
                } else {
                    s->phase = P_DEBT;
                    return;
                }
            }
            if (active_count(s) == 1) {  /* the winner's debts are settled */
                game_ended(s);
                return;
            }
        }
        if (s->nqueue) {
            int sq = s->auction_queue[0];
            memmove(s->auction_queue, s->auction_queue + 1, (size_t)(--s->nqueue) * sizeof(int));
            int bidders[MAXP], nb = active_from(s, s->turn, bidders);
            start_auction(s, ITEM_PROPERTY, sq, bidders, nb, 1);
            return;
        }
        int p = s->turn;
        if (s->bankrupt[p]) {
            s->pending_buy = -1;
            s->pending_tax = 0;
            s->pending_move = 0;
            s->card_deck = -1;
            s->utility_owner = -1;
            if (s->stage != S_FLOOR) s->stage = S_END;
        }
        if (s->pending_buy >= 0) {
            s->phase = P_BUY;
            return;
        }
        if (s->pending_tax) {
            s->phase = P_TAX;
            return;
        }
        if (s->utility_owner >= 0) {
            s->dice_for = D_UTILITY;
            s->phase = P_DICE;
            return;
        }
        if (s->card_deck >= 0) {
            int deck = s->card_deck;
            if (s->nunseen[deck]) {
                s->phase = P_CARD;
                return;
            }
            draw(s, deck, s->pile[deck][0], 0);
            continue;
        }
        if (s->pending_move) {
            int steps = s->pending_move;
            s->pending_move = 0;
            move_by(s, p, steps);
            continue;
        }
        if (s->stage == S_ROLL) {
            s->phase = P_ROLL;
            return;
        }
        if (s->stage == S_AFTER) {
            s->phase = P_AFTER;
            return;
        }
        if (s->stage == S_END) {
            end_turn(s);
            continue;
        }
        if (s->nfloor) {
            s->phase = P_FLOOR;
            if (s->bankrupt[s->floor[0]]) {
                memmove(s->floor, s->floor + 1, (size_t)(--s->nfloor) * sizeof(int));
                continue;
            }
            return;
        }
        next_turn(s);
        if (s->phase == P_OVER) return;
    }
    s->error = __LINE__;
}

/* -- throws and moves --------------------------------------------------------------------------- */
static void send_to_jail(S *s, int p) {
    s->landings[NSQ]++;
    s->pos[p] = R.jail_sq;
    s->in_jail[p] = 1;
    s->jail_turns[p] = 0;
    s->doubles = 0;
    s->stage = S_END;
}

static void leave_jail(S *s, int p) {
    s->in_jail[p] = 0;
    s->jail_turns[p] = 0;
}

static void move_by(S *s, int p, int steps) {
    int old = s->pos[p], nw = (old + steps) % NSQ;
    if (nw < old) from_bank(s, p, R.go_salary);
    s->pos[p] = nw;
    land(s, p, RENT_NORMAL);
}

static void move_to(S *s, int p, int sq, int rent_mode) {
    if (sq <= s->pos[p]) from_bank(s, p, R.go_salary);
    s->pos[p] = sq;
    land(s, p, rent_mode);
}

static void land(S *s, int p, int rent_mode) {
    int sq = s->pos[p], kind = R.kind[sq];
    s->landings[sq]++;
    if (IS_PROPERTY(kind)) {
        int o = s->owner[sq];
        if (o < 0) {
            s->pending_buy = sq;
        } else if (o != p && !s->mortgaged[sq]) {
            if (rent_mode == RENT_UTILITY_TEN) {
                s->utility_owner = o;
            } else {
                int total = s->has_dice ? s->dice0 + s->dice1 : 0;
                int r = rent(s, sq, total);
                if (rent_mode == RENT_DOUBLE_RAILROAD) r *= R.card_railroad_factor;
                debt_push(s, p, o, r);
            }
        }
    } else if (kind == K_CHANCE) {
        s->card_deck = 0;
    } else if (kind == K_CHEST) {
        s->card_deck = 1;
    } else if (kind == K_INCOME_TAX) {
        s->pending_tax = 1;
    } else if (kind == K_LUXURY_TAX) {
        debt_push(s, p, POT, R.luxury_tax);
    } else if (kind == K_GO_TO_JAIL) {
        send_to_jail(s, p);
    } else if (kind == K_FREE_PARKING && s->pot) {
        s->cash[p] += s->pot;
        s->pot = 0;
    }
}

static void dice(S *s, int d1, int d2) {  /* MonopolyState._dice */
    int p = s->turn, total = d1 + d2;
    s->dice0 = d1;
    s->dice1 = d2;
    s->has_dice = 1;
    s->phase = P_ROLL;
    if (s->dice_for == D_UTILITY) {
        int owner = s->utility_owner;
        s->utility_owner = -1;
        debt_push(s, p, owner, R.card_utility_mult * total);
        cont(s);
        return;
    }
    int dbl = d1 == d2;
    if (s->in_jail[p]) {
        if (dbl) {
            leave_jail(s, p);
            s->stage = S_AFTER;
            move_by(s, p, total);
        } else {
            s->jail_turns[p]++;
            s->stage = S_AFTER;
            if (s->jail_turns[p] >= R.jail_max_turns) {
                leave_jail(s, p);
                debt_push(s, p, POT, R.jail_fine);
                s->pending_move = total;
            }
        }
    } else {
        if (dbl) {
            s->doubles++;
            if (s->doubles >= R.doubles_to_jail) {
                send_to_jail(s, p);
                cont(s);
                return;
            }
        }
        s->stage = dbl ? S_ROLL : S_AFTER;
        move_by(s, p, total);
    }
    cont(s);
}

static void draw(S *s, int deck, int index, int settle) {  /* MonopolyState._draw */
    if (s->nunseen[deck]) {
        int k = 0;
        while (k < s->nunseen[deck] && s->unseen[deck][k] != index) k++;
        if (k == s->nunseen[deck]) FAIL(s);
        memmove(s->unseen[deck] + k, s->unseen[deck] + k + 1, (size_t)(s->nunseen[deck] - k - 1) * sizeof(int));
        s->nunseen[deck]--;
    } else {
        memmove(s->pile[deck], s->pile[deck] + 1, (size_t)(--s->npile[deck]) * sizeof(int));
    }
    s->card_deck = -1;
    s->phase = P_ROLL;
    int p = s->turn, effect = R.card_effect[deck][index], amount = R.card_amount[deck][index];
    if (effect == E_JAIL_FREE) {
        s->jail_cards[p][s->njail_cards[p]++] = deck;
    } else {
        return_card(s, deck, index);
    }
    switch (effect) {
    case E_ADVANCE: move_to(s, p, R.card_square[deck][index], RENT_NORMAL); break;
    case E_RAILROAD: move_to(s, p, R.next_railroad[s->pos[p]], RENT_DOUBLE_RAILROAD); break;
    case E_UTILITY: move_to(s, p, R.next_utility[s->pos[p]], RENT_UTILITY_TEN); break;
    case E_BACK:
        s->pos[p] = ((s->pos[p] - amount) % NSQ + NSQ) % NSQ;
        land(s, p, RENT_NORMAL);
        break;
    case E_JAIL: send_to_jail(s, p); break;
    case E_BANK:
        if (amount >= 0) from_bank(s, p, amount);
        else debt_push(s, p, POT, -amount);
        break;
    case E_EACH: {
        int order[MAXP], m = active_from(s, p, order);
        for (int k = 0; k < m; k++) {
            int q = order[k];
            if (q == p) continue;
            if (amount >= 0) debt_push(s, q, p, amount);
            else debt_push(s, p, q, -amount);
        }
        break;
    }
    case E_REPAIRS: {
        int houses = 0, hotels = 0;
        for (int k = 0; k < R.nstreets; k++) {
            int sq = R.streets[k];
            if (s->owner[sq] == p) {
                if (s->level[sq] == R.hotel_level) hotels++;
                else houses += s->level[sq];
            }
        }
        int due = houses * R.card_per_house[deck][index] + hotels * R.card_per_hotel[deck][index];
        if (due) debt_push(s, p, POT, due);
        break;
    }
    default: break;
    }
    if (settle) cont(s);
}

/* -- auctions ------------------------------------------------------------------------------------ */
static void auction_over(S *s, int item, int sq, int winner, int bid) {
    s->has_auction = 0;
    if (winner < 0) {
        cont(s);
        return;
    }
    pay_bank(s, winner, bid);
    if (item == ITEM_PROPERTY) {
        s->owner[sq] = winner;
        cont(s);
        return;
    }
    s->has_place = 1;
    s->place_player = winner;
    s->place_item = item;
    s->phase = P_PLACE;
}

static void start_auction(S *s, int item, int sq, const int *bidders, int nb, int min_bid) {
    int kept[MAXP], m = 0;
    for (int k = 0; k < nb; k++)
        if (s->cash[bidders[k]] >= min_bid) kept[m++] = bidders[k];
    s->st_auctions++;
    if (!m) {
        auction_over(s, item, sq, -1, 0);
        return;
    }
    s->has_auction = 1;
    s->a_item = item;
    s->a_sq = sq;
    s->a_n = m;
    for (int k = 0; k < m; k++) {
        s->a_bidders[k] = kept[k];
        s->a_active[k] = 1;
    }
    s->a_at = 0;
    s->a_high = 0;
    s->a_leader = -1;
    s->a_min = min_bid;
    s->phase = P_AUCTION;
}

static void auction_action(S *s, int action) {
    int at = s->a_at, p = s->a_bidders[at];
    if (action == PASS) {
        s->a_active[at] = 0;
    } else {
        int bid = s->a_high + R.bid_steps[action - BID_BASE];
        s->a_high = bid > s->a_min ? bid : s->a_min;
        s->a_leader = p;
    }
    int left = 0, only = -1;
    for (int i = 0; i < s->a_n; i++)
        if (s->a_active[i]) {
            left++;
            only = i;
        }
    int leader = s->a_leader;
    if (!left || (leader >= 0 && left == 1 && s->a_bidders[only] == leader)) {
        s->has_auction = 0;
        auction_over(s, s->a_item, s->a_sq, leader, s->a_high);
        return;
    }
    int k = s->a_n;
    for (int step = 1; step <= k; step++) {
        int i = (at + step) % k;
        if (s->a_active[i] && s->a_bidders[i] != leader) {
            s->a_at = i;
            return;
        }
    }
    FAIL(s);
}

/* -- buildings ----------------------------------------------------------------------------------- */
static void put_building(S *s, int sq) {
    if (s->level[sq] == R.max_houses) {
        s->bank_hotels--;
        s->bank_houses += R.max_houses;
    } else {
        s->bank_houses--;
    }
    s->level[sq]++;
}

static void sell_building(S *s, int p, int sq) {  /* MonopolyState._sell_building */
    int half = R.house_cost[sq] * R.sell_percent / 100;
    if (s->level[sq] < R.hotel_level) {
        s->level[sq]--;
        s->bank_houses++;
        from_bank(s, p, half);
        return;
    }
    if (s->bank_houses >= R.max_houses) {
        s->level[sq] = R.max_houses;
        s->bank_houses -= R.max_houses;
        s->bank_hotels++;
        from_bank(s, p, half);
        return;
    }
    int gn = R.group_n[sq], old[4], nw[4], top;
    const int *group = R.group[sq];
    for (int k = 0; k < gn; k++) old[k] = s->level[group[k]];
#define NEEDED(total) do { total = 0; for (int k_ = 0; k_ < gn; k_++) \
        total += old[k_] == R.hotel_level ? nw[k_] : nw[k_] - old[k_]; } while (0)
    int need = 0;
    for (top = R.max_houses - 1; top >= 0; top--) {
        for (int k = 0; k < gn; k++) nw[k] = old[k] < top ? old[k] : top;
        NEEDED(need);
        if (need <= s->bank_houses) break;
    }
    if (top < 0) top = 0;  /* the loop always breaks by top 0; Python leaves top at 0 as well */
    for (int k = 0; k < gn; k++) {
        if (group[k] == sq) continue;
        if (old[k] > top) {
            nw[k] = top + 1;
            NEEDED(need);
            if (need > s->bank_houses) nw[k] = top;
        }
    }
#undef NEEDED
    int sold = 0;
    for (int k = 0; k < gn; k++) {
        if (old[k] == R.hotel_level) {
            s->bank_hotels++;
            s->bank_houses -= nw[k];
        } else {
            s->bank_houses += old[k] - nw[k];
        }
        s->level[group[k]] = nw[k];
        sold += old[k] - nw[k];
    }
    from_bank(s, p, half * sold);
}

static int shortage(S *s, int builder, int item, int square) {
    int lots[MAXP][NSQ], nlots[MAXP];
    buildable_lots(s, item, lots, nlots);
    int supply = item == ITEM_HOTEL ? s->bank_hotels : s->bank_houses, total = 0;
    for (int p = 0; p < MAXP; p++) total += nlots[p];
    if (supply >= total) return 0;
    int order[MAXP], m = active_from(s, builder, order), others[MAXP], no = 0;
    for (int k = 0; k < m; k++)
        if (order[k] != builder && nlots[order[k]]) others[no++] = order[k];
    if (!no) return 0;
    s->st_shortages++;
    s->has_claim = 1;
    s->c_item = item;
    s->c_builder = builder;
    s->c_nasked = no;
    memcpy(s->c_asked, others, (size_t)no * sizeof(int));
    s->c_nwanting = 0;
    s->c_square = square;
    s->phase = P_CLAIM;
    return 1;
}

static void claim_action(S *s, int action) {
    int q = s->c_asked[0];
    memmove(s->c_asked, s->c_asked + 1, (size_t)(--s->c_nasked) * sizeof(int));
    if (action == WANT) s->c_wanting[s->c_nwanting++] = q;
    if (s->c_nasked) return;
    s->has_claim = 0;
    int builder = s->c_builder, square = s->c_square, item = s->c_item;
    if (!s->c_nwanting) {
        pay_bank(s, builder, R.house_cost[square]);
        put_building(s, square);
        cont(s);
        return;
    }
    int lots[MAXP][NSQ], nlots[MAXP];
    buildable_lots(s, item, lots, nlots);
    int bidders[MAXP], nb = 0;
    bidders[nb++] = builder;
    for (int k = 0; k < s->c_nwanting; k++) bidders[nb++] = s->c_wanting[k];
    int min_bid = -1;
    for (int k = 0; k < nb; k++)
        for (int j = 0; j < nlots[bidders[k]]; j++) {
            int c = R.house_cost[lots[bidders[k]][j]];
            if (min_bid < 0 || c < min_bid) min_bid = c;
        }
    if (min_bid < 0) FAIL(s);  /* Python's min() of nothing */
    start_auction(s, item, square, bidders, nb, min_bid);
}

static void square_action(S *s, int action) {  /* MonopolyState._square_action */
    int k = (action - BUILD_BASE) / NSQ, sq = (action - BUILD_BASE) % NSQ;
    int phase = s->phase, p = actor(s);
    int base = BUILD_BASE + k * NSQ;
    if (base == TOGGLE_BASE) {
        for (int i = 0; i < s->t_nsquares; i++)
            if (s->t_squares[i] == sq) {
                memmove(s->t_squares + i, s->t_squares + i + 1, (size_t)(s->t_nsquares - i - 1) * sizeof(int));
                s->t_nsquares--;
                return;
            }
        s->t_squares[s->t_nsquares++] = sq;
        return;
    }
    if (base == PLACE_BASE) {
        s->has_place = 0;
        put_building(s, sq);
    } else if (base == BUILD_BASE) {
        int item = s->level[sq] == R.max_houses ? ITEM_HOTEL : ITEM_HOUSE;
        if (shortage(s, p, item, sq)) return;
        pay_bank(s, p, R.house_cost[sq]);
        put_building(s, sq);
    } else if (base == SELL_BASE) {
        sell_building(s, p, sq);
    } else if (base == MORTGAGE_BASE) {
        s->mortgaged[sq] = 1;
        from_bank(s, p, R.mortgage[sq]);
    } else {
        pay_bank(s, p, R.lift_cost[sq]);
        s->mortgaged[sq] = 0;
    }
    if (phase == P_BUY) {
        s->phase = P_BUY;
        return;
    }
    cont(s);
}

/* -- trades -------------------------------------------------------------------------------------- */
static void start_trade(S *s, int partner) {
    int p = actor(s);
    s->trades_left[p]--;
    s->has_trade = 1;
    s->t_proposer = p;
    s->t_partner = partner;
    s->t_nsquares = 0;
    s->t_cash = 0;
    s->t_ncards = 0;
    s->phase = P_TRADE;
}

static void remove_card(int *cards, int *n, int deck) {
    for (int k = 0; k < *n; k++)
        if (cards[k] == deck) {
            memmove(cards + k, cards + k + 1, (size_t)(*n - k - 1) * sizeof(int));
            (*n)--;
            return;
        }
}

static int holds_card(const S *s, int p, int deck) {
    for (int k = 0; k < s->njail_cards[p]; k++)
        if (s->jail_cards[p][k] == deck) return 1;
    return 0;
}

static void trade_action(S *s, int action) {
    if (action == PROPOSE) {
        s->phase = P_REPLY;
    } else if (action == CANCEL) {
        s->has_trade = 0;
        cont(s);
    } else if (action >= CARD_TOGGLE_BASE) {
        int deck = action - CARD_TOGGLE_BASE, found = 0;
        for (int k = 0; k < s->t_ncards; k++) found |= s->t_cards[k] == deck;
        if (found) remove_card(s->t_cards, &s->t_ncards, deck);
        else s->t_cards[s->t_ncards++] = deck;
    } else if (action >= CASH_ASK_BASE) {
        s->t_cash -= R.cash_steps[action - CASH_ASK_BASE];
    } else {
        s->t_cash += R.cash_steps[action - CASH_GIVE_BASE];
    }
}

static void execute_trade(S *s) {
    int proposer = s->t_proposer, partner = s->t_partner;
    int sorted[NSQ], n = s->t_nsquares;
    memcpy(sorted, s->t_squares, (size_t)n * sizeof(int));
    sort_ints(sorted, n);
    for (int k = 0; k < n; k++) {
        int sq = sorted[k], receiver = s->owner[sq] == proposer ? partner : proposer;
        s->owner[sq] = receiver;
        if (s->mortgaged[sq]) lift_push(s, receiver, sq);
    }
    s->cash[proposer] -= s->t_cash;
    s->cash[partner] += s->t_cash;
    for (int k = 0; k < s->t_ncards; k++) {
        int deck = s->t_cards[k], giver, receiver;
        if (holds_card(s, proposer, deck)) {
            giver = proposer;
            receiver = partner;
        } else {
            giver = partner;
            receiver = proposer;
        }
        remove_card(s->jail_cards[giver], &s->njail_cards[giver], deck);
        s->jail_cards[receiver][s->njail_cards[receiver]++] = deck;
    }
    s->st_trades++;
}

/* -- bankruptcy -------------------------------------------------------------------------------- */
static void go_bankrupt(S *s, int p, int creditor) {
    s->st_bankruptcies++;
    int owned[NSQ], no = 0;
    for (int k = 0; k < R.nprops; k++)
        if (s->owner[R.props[k]] == p) owned[no++] = R.props[k];
    if (creditor >= 0) {
        for (int k = 0; k < no; k++)
            while (s->level[owned[k]]) sell_building(s, p, owned[k]);
        s->cash[creditor] += s->cash[p];
        for (int k = 0; k < no; k++) {
            s->owner[owned[k]] = creditor;
            if (s->mortgaged[owned[k]]) lift_push(s, creditor, owned[k]);
        }
        for (int k = 0; k < s->njail_cards[p]; k++)
            s->jail_cards[creditor][s->njail_cards[creditor]++] = s->jail_cards[p][k];
    } else {
        for (int k = 0; k < no; k++) {
            int sq = owned[k], lvl = s->level[sq];
            if (lvl == R.hotel_level) s->bank_hotels++;
            else s->bank_houses += lvl;
            s->level[sq] = 0;
            s->mortgaged[sq] = 0;
            s->owner[sq] = -1;
        }
        s->bank_in += s->cash[p];
        for (int k = 0; k < s->njail_cards[p]; k++) return_card(s, s->jail_cards[p][k], R.jail_free[s->jail_cards[p][k]]);
        for (int k = 0; k < no; k++) {
            if (s->nqueue >= QMAX) FAIL(s);
            s->auction_queue[s->nqueue++] = owned[k];
        }
    }
    s->cash[p] = 0;
    s->njail_cards[p] = 0;
    s->bankrupt[p] = 1;
    s->in_jail[p] = 0;
    int m = 0;
    for (int k = 0; k < s->ndebts; k++)
        if (s->debts[k].debtor != p && s->debts[k].creditor != p) s->debts[m++] = s->debts[k];
    s->ndebts = m;
    m = 0;
    for (int k = 0; k < s->nlift; k++)
        if (s->lift_or_keep[k][0] != p) {
            s->lift_or_keep[m][0] = s->lift_or_keep[k][0];
            s->lift_or_keep[m][1] = s->lift_or_keep[k][1];
            m++;
        }
    s->nlift = m;
    if (active_count(s) == 1) {  /* decided: the winner keeps what it inherits mortgaged and owes the 10% */
        s->nqueue = 0;
        for (int k = 0; k < s->nlift; k++)
            debt_push(s, s->lift_or_keep[k][0], BANK, R.interest[s->lift_or_keep[k][1]]);
        s->nlift = 0;
        if (!s->ndebts) game_ended(s);
    }
}

/* -- applying an action (MonopolyState._apply) ------------------------------------------------- */
static void apply(S *s, int action) {
    int phase = s->phase;
    if (action >= BUILD_BASE) {
        square_action(s, action);
        return;
    }
    switch (phase) {
    case P_ROLL: {
        int p = s->turn;
        if (action == ROLL) {
            s->dice_for = D_MOVE;
            s->phase = P_DICE;
            return;
        }
        if (action == PAY_FINE) {
            pay(s, p, POT, R.jail_fine);
        } else if (action == USE_CARD) {
            int deck = s->jail_cards[p][0];
            memmove(s->jail_cards[p], s->jail_cards[p] + 1, (size_t)(--s->njail_cards[p]) * sizeof(int));
            return_card(s, deck, R.jail_free[deck]);
        } else {
            start_trade(s, action - TRADE_WITH_BASE);
            return;
        }
        s->in_jail[p] = 0;
        s->jail_turns[p] = 0;
        cont(s);
        return;
    }
    case P_AFTER:
        if (action == END_TURN) {
            s->stage = S_END;
        } else {
            start_trade(s, action - TRADE_WITH_BASE);
            return;
        }
        break;
    case P_FLOOR:
        if (action == PASS) {
            memmove(s->floor, s->floor + 1, (size_t)(--s->nfloor) * sizeof(int));
        } else {
            start_trade(s, action - TRADE_WITH_BASE);
            return;
        }
        break;
    case P_BUY: {
        int sq = s->pending_buy;
        s->pending_buy = -1;
        if (action == BUY) {
            pay_bank(s, s->turn, R.price[sq]);
            s->owner[sq] = s->turn;
        } else {
            int bidders[MAXP], nb = active_from(s, s->turn, bidders);
            start_auction(s, ITEM_PROPERTY, sq, bidders, nb, 1);
            return;
        }
        break;
    }
    case P_AUCTION:
        auction_action(s, action);
        return;
    case P_TAX: {
        s->pending_tax = 0;
        int p = s->turn, amount;
        if (action == TAX_FLAT) amount = R.income_flat;
        else amount = worth(s, p) * R.income_percent / 100;
        debt_push(s, p, POT, amount);
        break;
    }
    case P_DEBT:
        if (action == BANKRUPT) {
            Debt d = s->debts[0];
            go_bankrupt(s, d.debtor, d.creditor >= 0 ? d.creditor : BANK);
        } else {
            start_trade(s, action - TRADE_WITH_BASE);
            return;
        }
        break;
    case P_LIFT: {
        int p = s->lift_or_keep[0][0], sq = s->lift_or_keep[0][1];
        memmove(s->lift_or_keep, s->lift_or_keep + 1, (size_t)(--s->nlift) * sizeof(s->lift_or_keep[0]));
        if (action == LIFT) {
            pay_bank(s, p, R.lift_cost[sq]);
            s->mortgaged[sq] = 0;
        } else {
            debt_push(s, p, BANK, R.interest[sq]);
        }
        break;
    }
    case P_TRADE:
        trade_action(s, action);
        return;
    case P_REPLY:
        if (action == ACCEPT) execute_trade(s);
        s->has_trade = 0;
        break;
    case P_CLAIM:
        claim_action(s, action);
        return;
    default:
        FAIL(s);
    }
    cont(s);
}

/* -- the players (engines/monopoly/ai.py, MonopolyPlayer for medium and buy-everything; hard below) */
#define RESERVE 200.0  /* MonopolyPlayer._reserve for both levels */

static int complete_on(const int *owner, int player, int sq) {  /* View.complete */
    for (int k = 0; k < R.group_n[sq]; k++)
        if (owner[R.group[sq][k]] != player) return 0;
    return 1;
}

static int unowned(const S *s) {
    int c = 0;
    for (int k = 0; k < R.nprops; k++) c += s->owner[R.props[k]] < 0;
    return c;
}

static double medium_worth(const S *s, int player, const int *owner, int cash) {
    (void)s;
    double total = (double)cash;
    for (int k = 0; k < R.nprops; k++) {
        int sq = R.props[k];
        if (owner[sq] != player) continue;
        total += R.price[sq];
        if (R.kind[sq] == K_STREET && complete_on(owner, player, sq)) total += R.price[sq];
    }
    return total;
}

/* _new_groups: does `player` hold a colour group whole on `after` but not now (non-empty list)?
 * With the sums asked for: those groups' printed prices, and two houses on each of their lots. */
static int new_groups_sums(const S *s, int player, const int *after, int *price_sum, int *houses_sum) {
    int any = 0;
    if (price_sum) *price_sum = 0;
    if (houses_sum) *houses_sum = 0;
    for (int g = 0; g < R.ncolour; g++) {
        int whole_after = 1, whole_now = 1;
        for (int k = 0; k < R.colour_n[g]; k++) {
            int sq = R.colour[g][k];
            whole_after &= after[sq] == player;
            whole_now &= s->owner[sq] == player;
        }
        if (whole_after && !whole_now) {
            any = 1;
            for (int k = 0; k < R.colour_n[g]; k++) {
                if (price_sum) *price_sum += R.price[R.colour[g][k]];
                if (houses_sum) *houses_sum += 2 * R.house_cost[R.colour[g][k]];
            }
        }
    }
    return any;
}

static int new_groups(const S *s, int player, const int *after, int *price_sum) {
    return new_groups_sums(s, player, after, price_sum, NULL);
}

static void trade_outcome(const S *s, int proposer, int partner, uint64_t squares, int *owner) {
    memcpy(owner, s->owner, sizeof(s->owner));
    for (int sq = 0; sq < NSQ; sq++)
        if (squares >> sq & 1) owner[sq] = s->owner[sq] == proposer ? partner : proposer;
}

/* the iteration order of frozenset(legal) */
static int legal_set(const S *s, int *order) {
    int acts[256], n = legal_list(s, acts);
    if (n < 0) return -1;
    return set_order(acts, n, order);
}

static int leave_jail_choice(const S *s, Player *pl, int p) {  /* MonopolyPlayer._leave_jail */
    int stay = pl->level == LV_MEDIUM ? unowned(s) < 6 : 0;
    if (stay) return -1;
    if (s->njail_cards[p]) return USE_CARD;  /* legal in the roll phase in jail */
    if (s->jail_turns[p] < R.jail_fine_turns && s->cash[p] >= R.jail_fine && s->cash[p] >= R.jail_fine + 100)
        return PAY_FINE;
    return -1;
}

static int swap_candidates(const S *s, int me, int partner, uint64_t *offers) {
    uint64_t need[10], theirs[10];
    int nn = 0, m = 0;
    for (int g = 0; g < R.ncolour; g++) {
        int skip = 0, nmine = 0, nthem = 0;
        uint64_t mine = 0, them = 0;
        for (int k = 0; k < R.colour_n[g]; k++) {
            int sq = R.colour[g][k];
            if (s->level[sq] || (s->owner[sq] == partner && s->mortgaged[sq])) skip = 1;
        }
        if (skip) continue;
        for (int k = 0; k < R.colour_n[g]; k++) {
            int sq = R.colour[g][k];
            if (s->owner[sq] == me) { mine |= 1ull << sq; nmine++; }
            if (s->owner[sq] == partner) { them |= 1ull << sq; nthem++; }
        }
        if (nmine && nthem && nmine + nthem == R.colour_n[g]) {
            need[nn] = them;
            theirs[nn] = mine;
            nn++;
        }
    }
    for (int i = 0; i < nn; i++) {
        offers[m++] = need[i];
        for (int j = 0; j < nn; j++)
            if (i != j) offers[m++] = need[i] | theirs[j];
    }
    return m;
}

static Offer *find_offer(Player *pl, int partner, uint64_t squares, const int *board) {
    for (int k = 0; k < pl->noffered; k++) {
        Offer *o = &pl->offered[k];
        if (o->partner != partner || o->squares != squares) continue;
        int same = 1;
        for (int sq = 0; sq < NSQ && same; sq++) same = o->board[sq] == board[sq];
        if (same) return o;
    }
    return NULL;
}

/* MonopolyPlayer._escalate for medium; returns 0 and sets *cash, or -1 for None */
static int escalate(const S *s, int me, int partner, uint64_t squares, int refused, int *cash) {
    int after[NSQ];
    trade_outcome(s, me, partner, squares, after);
    double mine = medium_worth(s, me, after, 0) - medium_worth(s, me, s->owner, 0);
    double left = (double)s->cash[me] - RESERVE;
    int spare = (int)left;  /* int() truncates towards zero */
    if (spare < 0) spare = 0;
    if (new_groups(s, partner, after, NULL) && new_groups(s, me, after, NULL)) {
        if (mine > 0) {
            *cash = 0;
            return 0;
        }
        return -1;
    }
    int price = 0;
    for (int sq = 0; sq < NSQ; sq++)
        if ((squares >> sq & 1) && s->owner[sq] == partner) price += R.price[sq];
    int c = (int)(price * (1.5 + 0.5 * refused));
    if (c <= spare && mine - c > 0) {
        *cash = c;
        return 0;
    }
    return -1;
}

static void plan_push(S *s, Player *pl, int action) {
    if (pl->nplan >= pl->plan_cap) {
        int cap = pl->plan_cap ? 2 * pl->plan_cap : 64;
        int *grown = realloc(pl->plan, (size_t)cap * sizeof(int));
        if (!grown) FAIL(s);
        pl->plan = grown;
        pl->plan_cap = cap;
    }
    pl->plan[pl->nplan++] = action;
}

static void compose(S *s, Player *pl, uint64_t squares, int cash) {  /* _compose */
    pl->nplan = pl->plan_at = 0;
    for (int sq = 0; sq < NSQ; sq++)
        if (squares >> sq & 1) plan_push(s, pl, TOGGLE_BASE + sq);
    int base = cash >= 0 ? CASH_GIVE_BASE : CASH_ASK_BASE, left = abs(cash);
    for (int k = 2; k >= 0; k--) {
        int step = R.cash_steps[k];
        for (int j = 0; j < left / step; j++) plan_push(s, pl, base + k);
        left %= step;
    }
    plan_push(s, pl, PROPOSE);
}

/* Record an offer in `offered` (partner, squares, board) -> (times offered, last cash); the table
 * grows as needed (the engine's dict has no bound either). */
static int add_offer(S *s, Player *pl, int partner, uint64_t squares, int cash) {
    Offer *o = find_offer(pl, partner, squares, s->owner);
    if (!o) {
        if (pl->noffered >= pl->offered_cap) {
            int cap = pl->offered_cap ? 2 * pl->offered_cap : 16;
            Offer *grown = realloc(pl->offered, (size_t)cap * sizeof(Offer));
            if (!grown) {
                s->error = __LINE__;
                return -1;
            }
            pl->offered = grown;
            pl->offered_cap = cap;
        }
        o = &pl->offered[pl->noffered++];
        o->partner = partner;
        o->squares = squares;
        for (int sq = 0; sq < NSQ; sq++) o->board[sq] = (signed char)s->owner[sq];
        o->count = 0;
    }
    o->count++;
    o->has_last = 1;
    o->last_cash = cash;
    return 0;
}

static int propose(S *s, Player *pl, int me);  /* MonopolyPlayer._propose: below, with hard's */

/* The first best build and the first cheapest lift among `acts` in that order (as max() and
 * min() pick from an iteration); *tie says whether another action had the same key. */
static void best_build_and_lift(const S *s, const int *acts, int n, int *build, int *nbuild, int *lift,
                                int *tie_build, int *tie_lift) {
    *build = *lift = -1;
    *nbuild = *tie_build = *tie_lift = 0;
    for (int k = 0; k < n; k++) {
        int a = acts[k];
        if (a >= BUILD_BASE && a < BUILD_BASE + NSQ) {
            int sq = a - BUILD_BASE;
            (*nbuild)++;
            if (*build < 0 || R.build_gain[sq][s->level[sq]] > R.build_gain[*build][s->level[*build]]) {
                *build = sq;
                *tie_build = 0;
            } else if (R.build_gain[sq][s->level[sq]] == R.build_gain[*build][s->level[*build]]) {
                *tie_build = 1;
            }
        } else if (a >= UNMORTGAGE_BASE && a < UNMORTGAGE_BASE + NSQ) {
            int sq = a - UNMORTGAGE_BASE;
            if (*lift < 0 || R.lift_cost[sq] < R.lift_cost[*lift]) {
                *lift = sq;
                *tie_lift = 0;
            } else if (R.lift_cost[sq] == R.lift_cost[*lift]) {
                *tie_lift = 1;
            }
        }
    }
}

static int manage_choice(S *s, Player *pl, int me, int trade) {  /* MonopolyPlayer._manage */
    int cash = s->cash[me];
    if (trade && s->trading && s->trades_left[me] > 0 && pl->level == LV_MEDIUM) {
        int proposal = propose(s, pl, me);
        if (proposal >= 0) return proposal;
    }
    int any = 0;
    for (int k = 0; k < R.nprops && !any; k++) {
        int sq = R.props[k];
        if (s->owner[sq] == me && (s->mortgaged[sq] || complete_on(s->owner, me, sq))) any = 1;
    }
    if (!any) return -1;
    /* The managing actions in board order; only when two share the best key does the order of
     * frozenset(legal) matter, and then it is laid out in full. */
    int acts[256], n = 0, best, nbuild, lift, tie_build, tie_lift;
    manage(s, me, acts, &n, 1);
    best_build_and_lift(s, acts, n, &best, &nbuild, &lift, &tie_build, &tie_lift);
    if ((nbuild && tie_build) || (!nbuild && tie_lift)) {
        n = legal_set(s, acts);
        if (n < 0) {
            s->error = __LINE__;
            return -1;
        }
        best_build_and_lift(s, acts, n, &best, &nbuild, &lift, &tie_build, &tie_lift);
    }
    if (nbuild) {
        if (cash - R.house_cost[best] >= RESERVE) return BUILD_BASE + best;
    }
    if (lift >= 0 && !nbuild) {
        if (cash - R.lift_cost[lift] >= RESERVE + 150) return UNMORTGAGE_BASE + lift;
    }
    return -1;
}

/* The first mortgage by (in a complete group, price) and the first sale by rent lost, among
 * `acts` in that order; *tie as above. */
static void cheapest_money(const S *s, int me, const int *acts, int n, int *mort, int *sell, int *tie_mort,
                           int *tie_sell) {
    *mort = *sell = -1;
    *tie_mort = *tie_sell = 0;
    for (int k = 0; k < n; k++) {
        int a = acts[k];
        if (a >= MORTGAGE_BASE && a < MORTGAGE_BASE + NSQ) {
            int sq = a - MORTGAGE_BASE;
            if (*mort < 0) {
                *mort = sq;
                continue;
            }
            int c1 = complete_on(s->owner, me, sq), c0 = complete_on(s->owner, me, *mort);
            if (c1 < c0 || (c1 == c0 && R.price[sq] < R.price[*mort])) {
                *mort = sq;
                *tie_mort = 0;
            } else if (c1 == c0 && R.price[sq] == R.price[*mort]) {
                *tie_mort = 1;
            }
        } else if (a >= SELL_BASE && a < SELL_BASE + NSQ) {
            int sq = a - SELL_BASE;
            double loss = R.sell_loss[sq][s->level[sq]];
            if (*sell < 0 || loss < R.sell_loss[*sell][s->level[*sell]]) {
                *sell = sq;
                *tie_sell = 0;
            } else if (loss == R.sell_loss[*sell][s->level[*sell]]) {
                *tie_sell = 1;
            }
        }
    }
}

static int raise_money(S *s, int me) {  /* MonopolyPlayer._raise_money */
    if (raisable(s, me) < s->debts[0].amount) return BANKRUPT;
    int acts[256], n = 0, mort, sell, tie_mort, tie_sell;
    manage(s, me, acts, &n, 0);
    cheapest_money(s, me, acts, n, &mort, &sell, &tie_mort, &tie_sell);
    if (mort >= 0 && !tie_mort) return MORTGAGE_BASE + mort;
    if (mort < 0 && sell >= 0 && !tie_sell) return SELL_BASE + sell;
    n = legal_set(s, acts);
    if (n <= 0) {
        s->error = __LINE__;
        return -1;
    }
    cheapest_money(s, me, acts, n, &mort, &sell, &tie_mort, &tie_sell);
    if (mort >= 0) return MORTGAGE_BASE + mort;
    if (sell >= 0) return SELL_BASE + sell;
    int low = acts[0];
    for (int k = 1; k < n; k++)
        if (acts[k] < low) low = acts[k];
    return low;
}

static int bid_choice(const S *s, Player *pl, int me) {  /* MonopolyPlayer._bid and _bid_limit */
    if (s->a_leader == me) return PASS;
    int cash = s->cash[me];
    double limit;
    if (s->a_item != ITEM_PROPERTY) {
        int cost = 0, any = 0;
        for (int k = 0; k < R.nstreets; k++) {
            int sq = R.streets[k];
            if (s->owner[sq] == me) {
                if (!any || R.house_cost[sq] > cost) cost = R.house_cost[sq];
                any = 1;
            }
        }
        double factor = pl->level == LV_MEDIUM ? 1.3 : 1.0;
        double a = cash - RESERVE, b = factor * cost;
        limit = a < b ? a : b;
    } else {
        int sq = s->a_sq, price = R.price[sq];
        if (pl->level == LV_BUY_EVERYTHING) {
            limit = cash < price ? cash : price;
        } else {
            int completes = 1;
            for (int k = 0; k < R.group_n[sq]; k++) {
                int o = R.group[sq][k];
                if (o != sq && s->owner[o] != me) completes = 0;
            }
            double a = (double)(cash - 100), b = price * (completes ? 1.4 : 0.9);
            limit = a < b ? a : b;
        }
    }
    int high = s->a_high, least = s->a_min;
    for (int k = 2; k >= 0; k--) {
        int raised = high + R.bid_steps[k], bid = raised > least ? raised : least;
        int legal = bid <= cash;  /* max(high + step, min bid) <= cash */
        if (legal && bid <= limit && (k == 0 || raised <= limit)) return BID_BASE + k;
    }
    return PASS;
}

/* the pending trade as `me` sees it: the other side, the board after it and my cash change */
static void pending_trade(const S *s, int me, int *other, int *after, int *my_cash) {
    int proposer = s->t_proposer, partner = s->t_partner;
    *other = partner == me ? proposer : partner;
    uint64_t squares = 0;
    for (int k = 0; k < s->t_nsquares; k++) squares |= 1ull << s->t_squares[k];
    trade_outcome(s, proposer, partner, squares, after);
    *my_cash = proposer == me ? -s->t_cash : s->t_cash;
}

static int accepts(const S *s, Player *pl, int me) {  /* MonopolyPlayer._accepts (medium) */
    if (pl->level != LV_MEDIUM) return 0;
    int other, after[NSQ], my_cash;
    pending_trade(s, me, &other, after, &my_cash);
    if (s->cash[me] + my_cash < 0) return 0;
    double mine = medium_worth(s, me, after, s->cash[me] + my_cash) - medium_worth(s, me, s->owner, s->cash[me]);
    int gives_price = 0;
    int gives = new_groups(s, other, after, &gives_price), gets = new_groups(s, me, after, NULL);
    if (gives && !gets && my_cash < 0.75 * gives_price) return 0;
    return mine > 0;
}

/* -- the hard player (MonopolyPlayer with level "hard") ----------------------------------------- */
/* Python's float floor division (Objects/floatobject.c, float_floordiv) */
static double py_floordiv(double vx, double wx) {
    double mod = fmod(vx, wx), div = (vx - mod) / wx, floordiv;
    if (mod) {
        if ((wx < 0) != (mod < 0)) div -= 1.0;
    }
    if (div) {
        floordiv = floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = copysign(0.0, vx / wx);
    }
    return floordiv;
}

static int py_idiv(int a, int b) {  /* Python's a // b for ints */
    int q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* frozenset(v.legal) in its iteration order: laid out on the first ask of a decision */
static const int *legal_order(S *s, int *n) {
    if (!s->lg_ok) {
        s->lg_n = legal_set(s, s->lg);
        s->lg_ok = 1;
        if (s->lg_n < 0) s->error = __LINE__;
    }
    *n = s->lg_n < 0 ? 0 : s->lg_n;
    return s->lg;
}

static int opponents_of(const S *s, int player) {  /* players other than `player` still in */
    int c = 0;
    for (int p = 0; p < s->n; p++) c += p != player && !s->bankrupt[p];
    return c;
}

static int sole_rival(const S *s, int me) {  /* the one opponent left, or -1 (MonopolyPlayer._sole_rival) */
    if (opponents_of(s, me) != 1) return -1;
    for (int p = 0; p < s->n; p++)
        if (p != me && !s->bankrupt[p]) return p;
    return -1;
}

static double danger(const S *s, int me) {  /* MonopolyPlayer._danger: View.rent_now at a throw of 7 */
    int most = 0;
    for (int k = 0; k < R.nprops; k++) {
        int sq = R.props[k], o = s->owner[sq];
        if (o < 0 || o == me) continue;
        int r = rent(s, sq, 7);
        if (r > most) most = r;
    }
    return most;
}

static double reserve_of(const S *s, const Player *pl, int me) {  /* MonopolyPlayer._reserve */
    if (pl->level != LV_HARD) return RESERVE;
    int duel = opponents_of(s, me) == 1;
    double base = duel ? R.reserve_duel : R.reserve_base;
    double r = base + (duel ? R.reserve_share_duel : R.reserve_share) * danger(s, me);
    return r < R.reserve_most ? r : R.reserve_most;
}

static double hard_worth(const S *s, int player, const int *owner, int cash) {  /* ai.hard_worth */
    int opponents = opponents_of(s, player);
    if (opponents < 1) opponents = 1;
    double total = (double)cash;
    unsigned done = 0;
    for (int k = 0; k < R.nprops; k++) {
        int sq = R.props[k];
        if (owner[sq] != player) continue;
        total += R.price[sq] - (s->mortgaged[sq] ? R.lift_cost[sq] : 0);
        total += s->level[sq] * R.house_cost[sq];
        int g = R.group_id[sq], n = R.group_n[sq], held = 0;
        for (int j = 0; j < n; j++) held += owner[R.group[sq][j]] == player;
        if (R.kind[sq] == K_STREET) {
            if (held == n && !(done >> g & 1u)) {
                done |= 1u << g;
                total += R.group_bonus[g][opponents];
            } else if (held == n - 1) {
                total += 0.15 * R.price[sq];
            }
        } else {
            total += R.income[sq][held] * opponents * R.horizon_turns * 0.5;
        }
    }
    return total;
}

/* _idle_value: what mortgaging `player`'s unmortgaged, unbuilt lots outside complete groups on
 * `owner` raises */
static int idle_value(const S *s, int player, const int *owner) {
    int total = 0;
    for (int k = 0; k < R.nprops; k++) {
        int sq = R.props[k];
        if (owner[sq] == player && !s->mortgaged[sq] && !s->level[sq] && !complete_on(owner, player, sq))
            total += R.mortgage[sq];
    }
    return total;
}

static int split_group(const S *s, int sq) {  /* _split */
    if (R.kind[sq] != K_STREET) return 0;
    int first = -1;
    for (int k = 0; k < R.group_n[sq]; k++) {
        int o = R.group[sq][k], who = s->owner[o];
        if (o == sq || who < 0) continue;
        if (first < 0) first = who;
        else if (who != first) return 1;
    }
    return 0;
}

/* the owners of the other lots of sq's group: 1 when they are one and the same (*who) */
static int one_other_holder(const S *s, int sq, int *who) {
    int first = -2;
    for (int k = 0; k < R.group_n[sq]; k++) {
        int o = R.group[sq][k];
        if (o == sq) continue;
        if (first == -2) first = s->owner[o];
        else if (s->owner[o] != first) return 0;
    }
    *who = first;
    return first != -2;
}

static int completes_rival(const S *s, int me, int sq) {  /* MonopolyPlayer._completes_rival */
    int who;
    if (R.kind[sq] != K_STREET || !one_other_holder(s, sq, &who)) return 0;
    return who != -1 && who != me;
}

static int strategic(const S *s, int sq) {  /* MonopolyPlayer._strategic */
    int who;
    if (R.kind[sq] != K_STREET || !one_other_holder(s, sq, &who)) return 0;
    return who != -1;
}

/* MonopolyPlayer._deny_needs: the larger of the two needs, and the auction's in *auction */
static double deny_cash(const S *s, int me, double *auction) {
    double need = 0.0, bid = 0.0;
    if (auction) *auction = 0.0;
    int rival = sole_rival(s, me);
    if (rival < 0) return need;
    int idle = 0, have_idle = 0;
    for (int g = 0; g < R.ncolour; g++) {
        int free_sq = -1, nfree = 0;
        for (int k = 0; k < R.colour_n[g]; k++)
            if (s->owner[R.colour[g][k]] < 0) {
                free_sq = R.colour[g][k];
                nfree++;
            }
        if (nfree != 1) continue;
        int who;
        if (!one_other_holder(s, free_sq, &who)) continue;
        if (who == me) continue;  /* my own last lot: among the lots ahead of the opponent, below */
        int price = R.price[free_sq], rival_cash = s->cash[who];
        if (rival_cash < price && rival_cash + 1.0 > bid) bid = rival_cash + 1.0;
        if (!have_idle) {
            idle = idle_value(s, me, s->owner);
            have_idle = 1;
        }
        if (price - idle > need) need = price - idle;
    }
    for (int throw = 2; throw <= 12; throw++) {  /* the lots one throw ahead of the opponent */
        int sq = (s->pos[rival] + throw) % NSQ, rival_cash = s->cash[rival];
        if (IS_PROPERTY(R.kind[sq]) && s->owner[sq] < 0 && !split_group(s, sq) && rival_cash < R.price[sq] &&
            rival_cash + 1.0 > bid)
            bid = rival_cash + 1.0;
    }
    if (auction) *auction = bid;
    return bid > need ? bid : need;
}

static double value_to_me(const S *s, int me, int sq) {  /* MonopolyPlayer._value_to_me (hard) */
    int owner[NSQ];
    memcpy(owner, s->owner, sizeof(owner));
    double before = hard_worth(s, me, owner, 0);
    owner[sq] = me;
    double gain = hard_worth(s, me, owner, 0) - before;
    double block = 0.0;
    int opponents = opponents_of(s, me);
    for (int p = 0; p < s->n; p++) {
        if (p == me || s->bankrupt[p]) continue;
        memcpy(owner, s->owner, sizeof(owner));
        owner[sq] = p;
        if (R.kind[sq] == K_STREET && complete_on(owner, p, sq)) {
            double share = opponents == 1 ? R.deny_block : 0.5;
            double b = share * R.group_bonus[R.group_id[sq]][opponents];
            if (b > block) block = b;
        }
    }
    return gain + block;
}

static int rivals_richest(const S *s, int me, int plus, int fallback) {
    /* max(v.cash[p] + plus for p in _rivals_bidding(v)), default `fallback` */
    int any = 0, best = 0;
    for (int i = 0; i < s->a_n; i++) {
        int p = s->a_bidders[i];
        if (!s->a_active[i] || p == me) continue;
        if (!any || s->cash[p] + plus > best) best = s->cash[p] + plus;
        any = 1;
    }
    return any ? best : fallback;
}

/* _groups_closed: every colour group split between two or more holders or whole in my hands */
static int groups_closed(const S *s, int me) {
    for (int g = 0; g < R.ncolour; g++) {
        int first = -2, split = 0, free_lots = 0;
        for (int k = 0; k < R.colour_n[g]; k++) {
            int o = s->owner[R.colour[g][k]];
            if (o < 0) free_lots = 1;
            else if (first == -2) first = o;
            else if (o != first) split = 1;
        }
        if (split || (first == me && !free_lots)) continue;
        return 0;
    }
    return 1;
}

static double hard_property_limit(const S *s, const Player *pl, int me, int sq) {
    double r = reserve_of(s, pl, me), low = r < 80.0 ? r : 80.0;
    double keep = low - idle_value(s, me, s->owner);
    if (!(keep > 0.0)) keep = 0.0;
    if (opponents_of(s, me) == 1 && completes_rival(s, me, sq)) keep = 0.0;
    double limit = s->cash[me] - keep, value = value_to_me(s, me, sq);
    if (value < limit) limit = value;
    if (split_group(s, sq) && !groups_closed(s, me)) {
        if (R.price[sq] - 1 < limit) limit = R.price[sq] - 1;
        if (s->has_auction && s->a_item == ITEM_PROPERTY && s->a_sq == sq) {
            int richest = rivals_richest(s, me, 0, 0);
            int cap = richest >= s->a_min ? richest - 1 : s->a_min;
            if (cap < limit) limit = cap;
        }
    }
    return limit;
}

static int hard_bid(S *s, Player *pl, int me) {  /* MonopolyPlayer._bid, _bid_limit and _hard_bid */
    if (s->a_leader == me) return PASS;
    int cash = s->cash[me];
    double limit;
    if (s->a_item != ITEM_PROPERTY) {
        int cost = 0;
        for (int k = 0; k < R.nstreets; k++) {
            int sq = R.streets[k];
            if (s->owner[sq] == me && R.house_cost[sq] > cost) cost = R.house_cost[sq];
        }
        double a = cash - reserve_of(s, pl, me), b = 2.0 * cost;
        limit = b < a ? b : a;
    } else {
        limit = hard_property_limit(s, pl, me, s->a_sq);
    }
    int high = s->a_high, least = s->a_min;
    double richest = rivals_richest(s, me, 1, least);
    double target = richest < limit ? richest : limit;
    double anchor = 0.9 * (s->a_item == ITEM_PROPERTY ? (double)R.price[s->a_sq] : target);
    for (int k = 2; k >= 0; k--) {
        int raised = high + R.bid_steps[k], bid = raised > least ? raised : least;
        if (bid <= cash && bid <= target && (k == 0 || bid <= anchor)) return BID_BASE + k;
    }
    return PASS;
}

static int auction_is_cheaper(const S *s, const Player *pl, int me, int sq) {
    int any = 0, richest = 0;
    for (int p = 0; p < s->n; p++) {
        if (p == me || s->bankrupt[p]) continue;
        if (!any || s->cash[p] > richest) richest = s->cash[p];
        any = 1;
    }
    if (!any) return 0;
    double limit = hard_property_limit(s, pl, me, sq);
    return richest + R.auction_saving <= R.price[sq] && limit >= richest + 1;
}

static int wants_to_buy_hard(const S *s, const Player *pl, int me, int sq) {  /* _wants_to_buy */
    int price = R.price[sq], cash = s->cash[me];
    if (opponents_of(s, me) == 1 && !completes_rival(s, me, sq)) {
        double deny = deny_cash(s, me, NULL);
        if (deny != 0.0 && cash - price + R.mortgage[sq] + idle_value(s, me, s->owner) < deny) return 0;
    }
    double r = reserve_of(s, pl, me), low = r < 50.0 ? r : 50.0;
    return cash - price >= low || danger(s, me) < 2 * cash || strategic(s, sq);
}

/* _mortgage_rank as (complete, live, income), compared as Python compares tuples */
typedef struct { int complete, live; double income; } Rank;

static Rank mortgage_rank(const S *s, int me, int sq) {
    Rank r;
    if (R.kind[sq] != K_STREET) {
        int held = 0;
        for (int k = 0; k < R.group_n[sq]; k++) held += s->owner[R.group[sq][k]] == me;
        r.complete = 0;
        r.live = 1;
        r.income = R.income[sq][held];
        return r;
    }
    r.live = 1;
    for (int k = 0; k < R.group_n[sq]; k++) {
        int o = s->owner[R.group[sq][k]];
        if (o != -1 && o != me) r.live = 0;
    }
    r.complete = complete_on(s->owner, me, sq);
    r.income = R.income[sq][0];
    return r;
}

static int rank_less(Rank a, Rank b) {
    if (a.complete != b.complete) return a.complete < b.complete;
    if (a.live != b.live) return a.live < b.live;
    return a.income < b.income;
}

/* _idle_mortgage: the first least-ranked mortgage of frozenset(legal) outside my complete groups
 * and `keep`, or -1 */
static int idle_mortgage(S *s, int me, uint64_t keep) {
    int n, best = -1;
    const int *acts = legal_order(s, &n);
    Rank best_rank = {0, 0, 0.0};
    for (int k = 0; k < n; k++) {
        int a = acts[k];
        if (a < MORTGAGE_BASE || a >= MORTGAGE_BASE + NSQ) continue;
        int sq = a - MORTGAGE_BASE;
        if (complete_on(s->owner, me, sq) || (keep >> sq & 1)) continue;
        Rank r = mortgage_rank(s, me, sq);
        if (best < 0 || rank_less(r, best_rank)) {
            best = sq;
            best_rank = r;
        }
    }
    return best;
}

/* MonopolyPlayer._money_step (hard): a mortgage by its rank, else the sale that loses least rent;
 * -1 if neither is legal */
static int money_step_hard(S *s, int me) {
    int n, mort = -1, sell = -1;
    const int *acts = legal_order(s, &n);
    Rank best_rank = {0, 0, 0.0};
    for (int k = 0; k < n; k++) {
        int a = acts[k];
        if (a >= MORTGAGE_BASE && a < MORTGAGE_BASE + NSQ) {
            Rank r = mortgage_rank(s, me, a - MORTGAGE_BASE);
            if (mort < 0 || rank_less(r, best_rank)) {
                mort = a - MORTGAGE_BASE;
                best_rank = r;
            }
        } else if (a >= SELL_BASE && a < SELL_BASE + NSQ) {
            int sq = a - SELL_BASE;
            if (sell < 0 || R.sell_loss[sq][s->level[sq]] < R.sell_loss[sell][s->level[sell]]) sell = sq;
        }
    }
    if (mort >= 0) return MORTGAGE_BASE + mort;
    if (sell >= 0) return SELL_BASE + sell;
    return -1;
}

static int raise_money_hard(S *s, int me) {  /* MonopolyPlayer._raise_money (hard) */
    if (raisable(s, me) < s->debts[0].amount) return BANKRUPT;
    int step = money_step_hard(s, me);
    if (step >= 0) return step;
    int n;
    const int *acts = legal_order(s, &n);
    if (n <= 0) {
        s->error = __LINE__;
        return -1;
    }
    int low = acts[0];
    for (int k = 1; k < n; k++)
        if (acts[k] < low) low = acts[k];
    return low;
}

/* step_candidates: lots to buy from `partner` in a group split three ways (no buildings, the
 * partner's lots unmortgaged, I hold some and one other player the rest) */
static int step_candidates(const S *s, int me, int partner, uint64_t *offers) {
    int m = 0;
    for (int g = 0; g < R.ncolour; g++) {
        int n = R.colour_n[g], built = 0, mine = 0, pawned = 0, nothers = 0, others[NSQ];
        uint64_t from_them = 0;
        if (n < 3) continue;
        for (int k = 0; k < n; k++) built |= s->level[R.colour[g][k]] != 0;
        if (built) continue;
        for (int k = 0; k < n; k++) {
            int sq = R.colour[g][k], o = s->owner[sq];
            if (o == partner) {
                from_them |= 1ull << sq;
                pawned |= s->mortgaged[sq];
            } else if (o == me) {
                mine = 1;
            } else {
                int seen = 0;
                for (int j = 0; j < nothers; j++) seen |= others[j] == o;
                if (!seen) others[nothers++] = o;
            }
        }
        if (from_them && mine && nothers == 1 && others[0] != -1 && !pawned) offers[m++] = from_them;
    }
    return m;
}

static int group_price_of(int sq) {  /* _group_price of sq's group */
    int total = 0;
    for (int k = 0; k < R.group_n[sq]; k++) total += R.price[R.group[sq][k]];
    return total;
}

/* the houses term of _escalate: two houses on every lot of the groups `player` gains on `after` */
static int new_group_houses(const S *s, int player, const int *after) {
    int total;
    new_groups_sums(s, player, after, NULL, &total);
    return total;
}

/* MonopolyPlayer._escalate for hard (and _step_cash); 0 and *cash, or -1 for None */
static int escalate_hard(const S *s, const Player *pl, int me, int partner, uint64_t squares, int refused,
                         int is_step, int *cash) {
    int after[NSQ];
    trade_outcome(s, me, partner, squares, after);
    double mine = hard_worth(s, me, after, 0) - hard_worth(s, me, s->owner, 0);
    double theirs = hard_worth(s, partner, after, 0) - hard_worth(s, partner, s->owner, 0);
    double left = (double)s->cash[me] - reserve_of(s, pl, me);
    int spare = (int)left;  /* int() truncates towards zero */
    if (spare < 0) spare = 0;
    if (is_step && !new_groups(s, me, after, NULL)) {  /* _step_cash */
        int received = 0, first = -1;
        for (int sq = 0; sq < NSQ; sq++)
            if (squares >> sq & 1) {
                received += R.price[sq];
                if (first < 0) first = sq;
            }
        int c = received + R.step_premium * (refused + 1);
        int funds = spare + idle_value(s, me, after);
        if (funds - c >= group_price_of(first)) {
            *cash = c;
            return 0;
        }
        return -1;
    }
    double fair = -theirs > 0.0 ? -theirs : 0.0;
    double weight = opponents_of(s, me) == 1 ? 1.0 : 0.75;
    double most = (mine - weight * theirs) / 2;
    if (most < 0) {
        if (fair > 0 || mine <= 0) return -1;
        int ask = (int)nearbyint(most * (1 - refused / 3.0) / 10.0) * 10;  /* round(): half to even */
        if (ask < 0 && -ask <= s->cash[partner]) {
            *cash = ask;
            return 0;
        }
        return -1;
    }
    int houses = new_group_houses(s, me, after);
    double funds = spare + idle_value(s, me, after) - houses;
    double cap = funds < most ? funds : most;
    if (cap < fair) return -1;
    int received = 0;
    for (int sq = 0; sq < NSQ; sq++)
        if ((squares >> sq & 1) && s->owner[sq] == partner) received += R.price[sq];
    double ask = 1.5 * received, floor_ = ask > fair ? ask : fair;
    double opening = floor_ < cap ? floor_ : cap;
    double c = opening + (cap - opening) * refused / 2;
    *cash = (int)py_floordiv(c, 10) * 10;
    return 0;
}

static int propose(S *s, Player *pl, int me) {  /* MonopolyPlayer._propose (hard and medium) */
    int hard = pl->level == LV_HARD;
    if (pl->nplan > pl->plan_at) return -1;
    if (pl->has_no_offers) {
        int same = 1;
        for (int sq = 0; sq < NSQ && same; sq++)
            same = pl->no_owner[sq] == s->owner[sq] && pl->no_mortgaged[sq] == s->mortgaged[sq];
        for (int p = 0; p < s->n && same; p++) same = pl->no_cash[p] == py_idiv(s->cash[p], 50);
        if (same) return -1;
    }
    pl->has_no_offers = 1;
    for (int sq = 0; sq < NSQ; sq++) {
        pl->no_owner[sq] = (signed char)s->owner[sq];
        pl->no_mortgaged[sq] = (char)s->mortgaged[sq];
    }
    for (int p = 0; p < s->n; p++) pl->no_cash[p] = py_idiv(s->cash[p], 50);
    int found = 0, best_partner = -1, best_cash = 0;
    uint64_t best_squares = 0;
    double best_gain = 0;
    for (int partner = 0; partner < s->n; partner++) {
        if (partner == me || s->bankrupt[partner] || (hard && pl->refused_until[partner] > pl->turns)) continue;
        /* _offers: the swaps, then the steps (at most 10 + 10 * 9 and 10 for the 10 colour
         * groups fastsim.py allows) */
        uint64_t offers[128], steps[16];
        int no = swap_candidates(s, me, partner, offers);
        int nsteps = hard ? step_candidates(s, me, partner, steps) : 0;
        for (int k = 0; k < nsteps; k++) offers[no++] = steps[k];
        for (int k = 0; k < no; k++) {
            Offer *o = find_offer(pl, partner, offers[k], s->owner);
            int refused = o ? o->count : 0;
            if (refused >= 3) continue;
            int is_step = 0;
            for (int j = 0; j < nsteps; j++) is_step |= steps[j] == offers[k];
            int cash;
            if (hard ? escalate_hard(s, pl, me, partner, offers[k], refused, is_step, &cash) < 0
                     : escalate(s, me, partner, offers[k], refused, &cash) < 0)
                continue;
            if (o && o->has_last && o->last_cash == cash) continue;
            int after[NSQ];
            trade_outcome(s, me, partner, offers[k], after);
            double gain = hard ? hard_worth(s, me, after, s->cash[me] - cash) - hard_worth(s, me, s->owner, s->cash[me])
                               : medium_worth(s, me, after, s->cash[me] - cash) - medium_worth(s, me, s->owner, s->cash[me]);
            if (!found || gain > best_gain) {
                found = 1;
                best_gain = gain;
                best_partner = partner;
                best_squares = offers[k];
                best_cash = cash;
            }
        }
    }
    if (!found) return -1;
    pl->has_no_offers = 0;
    if (hard && best_cash > s->cash[me] - reserve_of(s, pl, me)) {
        /* raise the price first, from lots outside my groups; not for a partner who refused my
         * last offer */
        int mortgage = pl->refused_streak[best_partner] > 0 ? -1 : idle_mortgage(s, me, best_squares);
        if (mortgage >= 0) return MORTGAGE_BASE + mortgage;
        if (best_cash > s->cash[me]) return -1;
    }
    if (add_offer(s, pl, best_partner, best_squares, best_cash) < 0) return -1;
    pl->awaiting = hard;
    pl->aw_partner = best_partner;
    pl->aw_squares = best_squares;
    for (int sq = 0; sq < NSQ; sq++) pl->aw_before[sq] = (signed char)s->owner[sq];
    compose(s, pl, best_squares, best_cash);
    return TRADE_WITH_BASE + best_partner;
}

static void note_answer(const S *s, Player *pl) {  /* MonopolyPlayer._note_answer */
    int partner = pl->aw_partner, taken = 0;
    pl->awaiting = 0;
    for (int sq = 0; sq < NSQ; sq++)
        if ((pl->aw_squares >> sq & 1) && s->owner[sq] != pl->aw_before[sq]) taken = 1;
    if (taken) {
        pl->refused_streak[partner] = pl->refused_until[partner] = 0;
        return;
    }
    int streak = pl->refused_streak[partner] + 1, over = streak - R.refusals_before_wait, wait = 0;
    if (over >= 0) {  /* min(MAX_WAIT_TURNS, 2 ** (over + 1)), without overflowing */
        long long w = 2;
        for (int k = 0; k < over && w < R.max_wait_turns; k++) w *= 2;
        wait = w < R.max_wait_turns ? (int)w : R.max_wait_turns;
    }
    pl->refused_streak[partner] = streak;
    pl->refused_until[partner] = pl->turns + wait;
}

static int group_lift(S *s, int me, double reserve) {  /* MonopolyPlayer._group_lift */
    int best = -1;
    for (int k = 0; k < R.nstreets; k++) {
        int sq = R.streets[k];
        if (s->owner[sq] != me || !s->mortgaged[sq] || !complete_on(s->owner, me, sq)) continue;
        /* the first largest (group_bonus(group, 1), -LIFT_COST) */
        if (best < 0) {
            best = sq;
            continue;
        }
        double b = R.group_bonus[R.group_id[sq]][1], bb = R.group_bonus[R.group_id[best]][1];
        if (b > bb || (b == bb && -R.lift_cost[sq] > -R.lift_cost[best])) best = sq;
    }
    if (best < 0) return -1;
    int cost = R.lift_cost[best];
    if (s->cash[me] - cost >= reserve && s->cash[me] >= cost) return UNMORTGAGE_BASE + best;
    int mortgage = idle_mortgage(s, me, 0);
    return mortgage >= 0 ? MORTGAGE_BASE + mortgage : -1;
}

static double rent_enough(const S *s, int me) {  /* MonopolyPlayer._rent_enough */
    int rival = sole_rival(s, me);
    return rival >= 0 ? R.rent_enough * raisable(s, rival) : INFINITY;
}

static double build_reserve(S *s, int me, double reserve) {  /* MonopolyPlayer._build_reserve */
    int rival = sole_rival(s, me);
    if (rival < 0) return reserve;
    for (int g = 0; g < R.ncolour; g++)
        if (complete_on(s->owner, rival, R.colour[g][0])) return reserve;
    if (idle_mortgage(s, me, 0) >= 0) return reserve;
    return reserve > R.reserve_bare ? reserve : R.reserve_bare;
}

static int build_target(int sq) {  /* MonopolyPlayer._build_target */
    return R.house_cost[sq] <= R.hotel_house_cost ? R.hotel_level : R.hard_build_target;
}

static int manage_hard(S *s, Player *pl, int me, int trade) {  /* MonopolyPlayer._manage (hard) */
    int cash = s->cash[me];
    if (trade && s->trading && s->trades_left[me] > 0) {
        int proposal = propose(s, pl, me);
        if (proposal >= 0 || s->error) return proposal;
    }
    double auction, reserve = reserve_of(s, pl, me), deny = deny_cash(s, me, &auction);
    if (cash < auction) {  /* the cash to win the auction of an opponent's last lot */
        int mortgage = idle_mortgage(s, me, 0);
        if (mortgage >= 0) return MORTGAGE_BASE + mortgage;
    }
    if (deny > reserve) reserve = deny;
    int any = 0;
    for (int k = 0; k < R.nprops && !any; k++) {
        int sq = R.props[k];
        if (s->owner[sq] == me && (s->mortgaged[sq] || complete_on(s->owner, me, sq))) any = 1;
    }
    if (!any) return -1;
    int lift = group_lift(s, me, reserve);
    if (lift >= 0) return lift;
    int n, nbuild = 0, nworth = 0, nlow = 0, best_low = -1, best_any = -1, cheapest = -1;
    const int *acts = legal_order(s, &n);
    double enough = rent_enough(s, me);
    for (int k = 0; k < n; k++) {
        int a = acts[k];
        if (a >= BUILD_BASE && a < BUILD_BASE + NSQ) {
            int sq = a - BUILD_BASE;
            double gain = R.build_gain[sq][s->level[sq]];
            nbuild++;
            if (R.rents[sq][s->level[sq]] >= enough) continue;
            nworth++;
            if (best_any < 0 || gain > R.build_gain[best_any][s->level[best_any]]) best_any = sq;
            if (s->level[sq] < build_target(sq)) {
                nlow++;
                if (best_low < 0 || gain > R.build_gain[best_low][s->level[best_low]]) best_low = sq;
            }
        } else if (a >= UNMORTGAGE_BASE && a < UNMORTGAGE_BASE + NSQ) {
            int sq = a - UNMORTGAGE_BASE;
            if (cheapest < 0 || R.lift_cost[sq] < R.lift_cost[cheapest]) cheapest = sq;
        }
    }
    if (nworth) {
        /* evenly to three houses first (hotels on the cheap groups), then higher */
        int best = nlow ? best_low : best_any;
        if (cash - R.house_cost[best] >= build_reserve(s, me, reserve)) return BUILD_BASE + best;
        if (s->level[best] < build_target(best)) {
            int mortgage = idle_mortgage(s, me, 0);
            if (mortgage >= 0) return MORTGAGE_BASE + mortgage;
        }
    }
    if (cheapest >= 0 && !nbuild && cash - R.lift_cost[cheapest] >= reserve + 300) return UNMORTGAGE_BASE + cheapest;
    return -1;
}

static int accepts_hard(const S *s, int me) {  /* MonopolyPlayer._accepts (hard) */
    int other, after[NSQ], my_cash;
    pending_trade(s, me, &other, after, &my_cash);
    int their_cash = -my_cash;
    if (s->cash[me] + my_cash < 0) return 0;
    double mine = hard_worth(s, me, after, s->cash[me] + my_cash) - hard_worth(s, me, s->owner, s->cash[me]);
    double theirs =
        hard_worth(s, other, after, s->cash[other] + their_cash) - hard_worth(s, other, s->owner, s->cash[other]);
    double weight = opponents_of(s, me) == 1 ? 1.0 : 0.75;
    return mine > 0 && mine >= weight * theirs;
}

static int decide(S *s, int p) {  /* MonopolyPlayer.decide */
    Player *pl = &s->players[p];
    int phase = s->phase;
    if (phase == P_TRADE) {  /* _trade_step */
        while (pl->plan_at < pl->nplan) {
            int action = pl->plan[pl->plan_at++];
            if (trade_legal(s, action)) return action;
            pl->nplan = pl->plan_at = 0;
        }
        return CANCEL;
    }
    pl->nplan = pl->plan_at = 0;
    s->lg_ok = 0;
    if (pl->awaiting) note_answer(s, pl);
    int r, hard = pl->level == LV_HARD;
    if (phase != P_ROLL) pl->rolling = 0;
    switch (phase) {
    case P_ROLL:
        if (s->doubles == 0 && s->turn == p && !pl->rolling) {
            pl->turns++;
            pl->rolling = 1;
        }
        if (s->in_jail[p] && s->doubles == 0) {
            if (hard) {  /* _leave_jail: stay while some rent on the board is high */
                r = -1;
                if (!(danger(s, p) >= R.jail_danger)) {
                    if (s->njail_cards[p]) r = USE_CARD;
                    else if (s->jail_turns[p] < R.jail_fine_turns && s->cash[p] >= R.jail_fine &&
                             s->cash[p] >= R.jail_fine + 100)
                        r = PAY_FINE;
                }
            } else {
                r = leave_jail_choice(s, pl, p);
            }
            if (r >= 0) return r;
        }
        r = hard ? manage_hard(s, pl, p, 1) : manage_choice(s, pl, p, 1);
        return r >= 0 ? r : ROLL;
    case P_AFTER:
        r = hard ? manage_hard(s, pl, p, 1) : manage_choice(s, pl, p, 1);
        return r >= 0 ? r : END_TURN;
    case P_FLOOR:
        r = hard ? manage_hard(s, pl, p, 0) : manage_choice(s, pl, p, 0);
        return r >= 0 ? r : PASS;
    case P_BUY: {
        int sq = s->pending_buy, price = R.price[sq], cash = s->cash[p], wants;
        if (hard) {
            if (split_group(s, sq) && !groups_closed(s, p)) return DECLINE;  /* _let_rival_pay */
            if (cash >= price && wants_to_buy_hard(s, pl, p, sq))
                return auction_is_cheaper(s, pl, p, sq) ? DECLINE : BUY;
            if (cash < price && auction_is_cheaper(s, pl, p, sq)) return DECLINE;  /* before mortgaging */
            if (cash < price && (opponents_of(s, p) == 1 || strategic(s, sq))) {
                /* a square that completes or blocks a group is worth mortgaging for */
                int mortgage = idle_mortgage(s, p, 0);
                if (mortgage >= 0) return MORTGAGE_BASE + mortgage;
            }
            if (cash < price && opponents_of(s, p) == 1 && completes_rival(s, p, sq) && raisable(s, p) >= price) {
                /* the opponent's last lot: my groups' mortgages and houses if it must */
                int step = money_step_hard(s, p);
                if (step >= 0) return step;
            }
            return DECLINE;
        }
        if (cash < price) return DECLINE;  /* BUY not legal */
        if (pl->level == LV_BUY_EVERYTHING) {
            wants = cash >= price;
        } else {
            int completes = 1;
            for (int k = 0; k < R.group_n[sq]; k++) {
                int o = R.group[sq][k];
                if (o != sq && s->owner[o] != p) completes = 0;
            }
            wants = cash - price >= (completes ? 0 : 100);
        }
        return wants ? BUY : DECLINE;
    }
    case P_AUCTION:
        return hard ? hard_bid(s, pl, p) : bid_choice(s, pl, p);
    case P_TAX: {
        if (pl->level == LV_BUY_EVERYTHING) return TAX_FLAT;
        int w = s->cash[p];
        for (int k = 0; k < R.nprops; k++) {
            int sq = R.props[k];
            if (s->owner[sq] == p) w += R.price[sq] + s->level[sq] * R.house_cost[sq];
        }
        return (double)w * R.income_percent / 100 < R.income_flat ? TAX_PERCENT : TAX_FLAT;
    }
    case P_DEBT:
        return hard ? raise_money_hard(s, p) : raise_money(s, p);
    case P_LIFT: {
        int sq = -1;
        for (int k = 0; k < s->nlift; k++)
            if (s->lift_or_keep[k][0] == p) {
                sq = s->lift_or_keep[k][1];
                break;
            }
        int cost = R.lift_cost[sq];
        /* LIFT is legal for the first entry's square (the actor's, the same one) */
        int legal = s->cash[p] >= R.lift_cost[s->lift_or_keep[0][1]];
        return legal && s->cash[p] - cost >= reserve_of(s, pl, p) + 100 ? LIFT : KEEP;
    }
    case P_REPLY:
        return (hard ? accepts_hard(s, p) : accepts(s, pl, p)) ? ACCEPT : REJECT;
    case P_CLAIM:
        return s->cash[p] >= reserve_of(s, pl, p) + 150 ? WANT : PASS;
    case P_PLACE: {
        int best = -1;
        for (int k = 0; k < R.nstreets; k++) {
            int sq = R.streets[k];
            if (!can_build(s, p, sq, 1) || (s->level[sq] == R.max_houses) != (s->place_item == ITEM_HOTEL)) continue;
            if (best < 0 || R.build_gain[sq][s->level[sq]] > R.build_gain[best][s->level[best]]) best = sq;
        }
        if (best < 0) {
            s->error = __LINE__;
            return -1;
        }
        return PLACE_BASE + best;
    }
    }
    s->error = __LINE__;
    return -1;
}

/* -- one game ---------------------------------------------------------------------------------- */
static void init_state(S *s, int n, const int *levels, int max_turns, int trading, int jackpot) {
    memset(s, 0, sizeof(*s));
    s->n = n;
    s->max_turns = max_turns;
    s->trading = trading;
    s->jackpot = jackpot;
    for (int p = 0; p < n; p++) {
        s->cash[p] = R.starting_cash;
        s->trades_left[p] = R.trades_per_turn;
        s->players[p].level = levels[p];
    }
    for (int sq = 0; sq < NSQ; sq++) s->owner[sq] = -1;
    s->bank_houses = R.bank_houses;
    s->bank_hotels = R.bank_hotels;
    for (int d = 0; d < NDECK; d++) {
        s->nunseen[d] = DECKSZ;
        for (int k = 0; k < DECKSZ; k++) s->unseen[d][k] = k;
    }
    s->stage = S_ROLL;
    s->phase = P_ROLL;
    s->dice_for = D_MOVE;
    s->card_deck = -1;
    s->utility_owner = -1;
    s->pending_buy = -1;
}

static void free_state(S *s) {
    for (int p = 0; p < MAXP; p++) {
        free(s->players[p].plan);
        free(s->players[p].offered);
    }
}

static int chance(S *s, int n) {  /* the index of the chance outcome: the script's, then the dice's */
    if (s->script_at < s->nscript) return (s->script[s->script_at++] % n + n) % n;  /* Python's % */
    return randbelow(&s->rng, n);
}

static void trace_push(S *s, int value) {
    if (s->ntrace >= s->trace_cap) {
        s->trace_cap = s->trace_cap ? 2 * s->trace_cap : 1024;
        s->trace = realloc(s->trace, (size_t)s->trace_cap * sizeof(int));
    }
    s->trace[s->ntrace++] = value;
}

static long long play(S *s, long long max_steps) {
    long long steps = 0;
    while (s->phase != P_OVER && !s->error) {
        if (++steps > max_steps) {
            s->error = -1;
            break;
        }
        if (s->phase == P_DICE || s->phase == P_CARD) {
            int r;
            if (s->phase == P_DICE) {
                r = chance(s, 36);
                dice(s, r / 6 + 1, r % 6 + 1);
            } else {
                int d = s->card_deck;
                r = s->unseen[d][chance(s, s->nunseen[d])];
                draw(s, d, r, 1);
            }
            if (s->tracing) {
                trace_push(s, r);
                for (int p = 0; p < s->n; p++) trace_push(s, s->cash[p]);
                for (int p = 0; p < s->n; p++) trace_push(s, s->pos[p]);
            }
        } else {
            int a = decide(s, actor(s));
            if (s->error) break;
            apply(s, a);
        }
    }
    return steps;
}

/* -- Python interface ---------------------------------------------------------------------------- */
/* n numbers from a Python sequence, into `ints` or (when it is NULL) `doubles` */
static int read_numbers(PyObject *seq, int *ints, double *doubles, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd values", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        if (ints) ints[i] = (int)PyLong_AsLong(item);
        else doubles[i] = PyFloat_AsDouble(item);
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int read_ints(PyObject *seq, int *out, Py_ssize_t n, const char *what) {
    return read_numbers(seq, out, NULL, n, what);
}

static int read_doubles(PyObject *seq, double *out, Py_ssize_t n, const char *what) {
    return read_numbers(seq, NULL, out, n, what);
}

static int get_ints(PyObject *d, const char *key, int *out, Py_ssize_t n) {
    PyObject *v = PyDict_GetItemString(d, key);
    if (!v) {
        PyErr_Format(PyExc_KeyError, "configure: no %s", key);
        return -1;
    }
    return read_ints(v, out, n, key);
}

static PyObject *py_configure(PyObject *self, PyObject *arg) {
    (void)self;
    if (!PyDict_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "configure takes a dict");
        return NULL;
    }
    int scalars[19];
    int rents[NSQ * 6], groups[NSQ * 4], colour[10 * 4], cards[NDECK * DECKSZ * 5];
    double gain[NSQ * 6], loss[NSQ * 6];
    if (get_ints(arg, "kind", R.kind, NSQ) || get_ints(arg, "price", R.price, NSQ) ||
        get_ints(arg, "rents", rents, NSQ * 6) || get_ints(arg, "house_cost", R.house_cost, NSQ) ||
        get_ints(arg, "mortgage", R.mortgage, NSQ) || get_ints(arg, "lift_cost", R.lift_cost, NSQ) ||
        get_ints(arg, "interest", R.interest, NSQ) || get_ints(arg, "group_n", R.group_n, NSQ) ||
        get_ints(arg, "group", groups, NSQ * 4) || get_ints(arg, "group_id", R.group_id, NSQ) ||
        get_ints(arg, "next_railroad", R.next_railroad, NSQ) ||
        get_ints(arg, "next_utility", R.next_utility, NSQ) ||
        get_ints(arg, "railroad_rents", R.railroad_rents, 5) ||
        get_ints(arg, "utility_mult", R.utility_mult, 3) || get_ints(arg, "bid_steps", R.bid_steps, 3) ||
        get_ints(arg, "cash_steps", R.cash_steps, 3) || get_ints(arg, "jail_free", R.jail_free, NDECK) ||
        get_ints(arg, "cards", cards, NDECK * DECKSZ * 5) || get_ints(arg, "scalars", scalars, 19) ||
        get_ints(arg, "colour_n", R.colour_n, 10) || get_ints(arg, "colour", colour, 40))
        return NULL;
    PyObject *g = PyDict_GetItemString(arg, "build_gain"), *l = PyDict_GetItemString(arg, "sell_loss");
    PyObject *inc = PyDict_GetItemString(arg, "income"), *bonus = PyDict_GetItemString(arg, "group_bonus");
    PyObject *hd = PyDict_GetItemString(arg, "hard"), *hi = PyDict_GetItemString(arg, "hard_ints");
    double income[NSQ * 7], group_bonus[NGROUPS * MAXP], hard[11];
    int hard_ints[5];
    if (!g || !l || !inc || !bonus || !hd || !hi || read_doubles(g, gain, NSQ * 6, "build_gain") ||
        read_doubles(l, loss, NSQ * 6, "sell_loss") || read_doubles(inc, income, NSQ * 7, "income") ||
        read_doubles(bonus, group_bonus, NGROUPS * MAXP, "group_bonus") || read_doubles(hd, hard, 11, "hard") ||
        read_ints(hi, hard_ints, 5, "hard_ints"))
        return PyErr_Occurred() ? NULL : (PyErr_SetString(PyExc_KeyError, "configure: tables"), NULL);
    for (int sq = 0; sq < NSQ; sq++)
        for (int k = 0; k < 7; k++) R.income[sq][k] = income[sq * 7 + k];
    for (int gi = 0; gi < NGROUPS; gi++)
        for (int k = 0; k < MAXP; k++) R.group_bonus[gi][k] = group_bonus[gi * MAXP + k];
    R.horizon_turns = hard[0]; R.reserve_base = hard[1]; R.reserve_duel = hard[2]; R.reserve_share = hard[3];
    R.reserve_most = hard[4]; R.deny_block = hard[5]; R.jail_danger = hard[6]; R.auction_saving = hard[7];
    R.reserve_bare = hard[8]; R.rent_enough = hard[9]; R.reserve_share_duel = hard[10];
    R.refusals_before_wait = hard_ints[0]; R.max_wait_turns = hard_ints[1]; R.step_premium = hard_ints[2];
    R.hard_build_target = hard_ints[3]; R.hotel_house_cost = hard_ints[4];
    int *sc = scalars;
    R.starting_cash = sc[0]; R.go_salary = sc[1]; R.jail_sq = sc[2]; R.jail_fine = sc[3];
    R.jail_max_turns = sc[4]; R.jail_fine_turns = sc[5]; R.doubles_to_jail = sc[6]; R.income_flat = sc[7];
    R.income_percent = sc[8]; R.luxury_tax = sc[9]; R.bank_houses = sc[10]; R.bank_hotels = sc[11];
    R.max_houses = sc[12]; R.hotel_level = sc[13]; R.sell_percent = sc[14]; R.card_utility_mult = sc[15];
    R.card_railroad_factor = sc[16]; R.trades_per_turn = sc[17]; R.ncolour = sc[18];
    for (int sq = 0; sq < NSQ; sq++) {
        for (int k = 0; k < 6; k++) {
            R.rents[sq][k] = rents[sq * 6 + k];
            R.build_gain[sq][k] = gain[sq * 6 + k];
            R.sell_loss[sq][k] = loss[sq * 6 + k];
        }
        for (int k = 0; k < 4; k++) R.group[sq][k] = groups[sq * 4 + k];
    }
    for (int gi = 0; gi < 10; gi++)
        for (int k = 0; k < 4; k++) R.colour[gi][k] = colour[gi * 4 + k];
    for (int d = 0; d < NDECK; d++)
        for (int c = 0; c < DECKSZ; c++) {
            int *row = cards + (d * DECKSZ + c) * 5;
            R.card_effect[d][c] = row[0];
            R.card_square[d][c] = row[1];
            R.card_amount[d][c] = row[2];
            R.card_per_house[d][c] = row[3];
            R.card_per_hotel[d][c] = row[4];
        }
    R.nprops = R.nstreets = 0;
    for (int sq = 0; sq < NSQ; sq++) {
        int k = R.kind[sq];
        if (IS_PROPERTY(k)) R.props[R.nprops++] = sq;
        if (k == K_STREET) R.streets[R.nstreets++] = sq;
    }
    R.ready = 1;
    Py_RETURN_NONE;
}

static PyObject *py_play(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *levels_obj, *mt_obj, *script_obj = Py_None;
    int max_turns, trading, jackpot, mti, tracing = 0;
    long long max_steps;
    if (!PyArg_ParseTuple(args, "OOiiipL|Op", &levels_obj, &mt_obj, &mti, &max_turns, &trading, &jackpot,
                          &max_steps, &script_obj, &tracing))
        return NULL;
    if (!R.ready) {
        PyErr_SetString(PyExc_RuntimeError, "_fastsim.configure() has not been called");
        return NULL;
    }
    Py_ssize_t n = PySequence_Size(levels_obj);
    if (n < 2 || n > MAXP) {
        PyErr_SetString(PyExc_ValueError, "2 to 6 players");
        return NULL;
    }
    int levels[MAXP], words[624];
    if (read_ints(levels_obj, levels, n, "levels") || read_ints(mt_obj, words, 624, "mt state")) return NULL;
    for (Py_ssize_t p = 0; p < n; p++)
        if (levels[p] != LV_MEDIUM && levels[p] != LV_BUY_EVERYTHING && levels[p] != LV_HARD) {
            PyErr_SetString(PyExc_ValueError, "unknown player level");
            return NULL;
        }
    if (mti < 0 || mti > 624) {
        PyErr_SetString(PyExc_ValueError, "the Mersenne Twister index is 0 to 624");
        return NULL;
    }
    Py_ssize_t nscript = script_obj == Py_None ? 0 : PySequence_Size(script_obj);
    if (nscript < 0) return NULL;
    S *s = malloc(sizeof(S));
    int *script = malloc((size_t)(nscript + 1) * sizeof(int));
    if (!s || !script) {
        free(s);
        free(script);
        return PyErr_NoMemory();
    }
    if (nscript && read_ints(script_obj, script, nscript, "script")) {
        free(s);
        free(script);
        return NULL;
    }
    init_state(s, (int)n, levels, max_turns, trading, jackpot);
    for (int k = 0; k < 624; k++) s->rng.mt[k] = (uint32_t)words[k];
    s->rng.mti = mti;
    s->script = script;
    s->nscript = (int)nscript;
    s->tracing = tracing;
    long long steps;
    Py_BEGIN_ALLOW_THREADS
    steps = play(s, max_steps);
    Py_END_ALLOW_THREADS
    PyObject *out = NULL;
    if (s->error < 0) {
        PyErr_Format(PyExc_RuntimeError, "fast Monopoly game passed %lld steps", max_steps);
    } else if (s->error) {
        PyErr_Format(PyExc_RuntimeError, "fast Monopoly core: impossible position (line %d)", s->error);
    } else {
        PyObject *winners = PyList_New(s->nwinners);
        for (int k = 0; k < s->nwinners; k++) PyList_SET_ITEM(winners, k, PyLong_FromLong(s->winners[k]));
        PyObject *cash = PyList_New(s->n), *pos = PyList_New(s->n);
        for (int p = 0; p < s->n; p++) {
            PyList_SET_ITEM(cash, p, PyLong_FromLong(s->cash[p]));
            PyList_SET_ITEM(pos, p, PyLong_FromLong(s->pos[p]));
        }
        PyObject *owner = PyList_New(NSQ), *level = PyList_New(NSQ), *landings = PyList_New(NSQ + 1);
        for (int sq = 0; sq < NSQ; sq++) {
            PyList_SET_ITEM(owner, sq, PyLong_FromLong(s->owner[sq]));
            PyList_SET_ITEM(level, sq, PyLong_FromLong(s->level[sq]));
        }
        for (int sq = 0; sq <= NSQ; sq++) PyList_SET_ITEM(landings, sq, PyLong_FromLong(s->landings[sq]));
        int width = 1 + 2 * s->n;
        PyObject *trace = PyList_New(s->ntrace / width);
        for (long k = 0; k < s->ntrace / width; k++) {
            PyObject *row = PyTuple_New(width);
            for (int j = 0; j < width; j++) PyTuple_SET_ITEM(row, j, PyLong_FromLong(s->trace[k * width + j]));
            PyList_SET_ITEM(trace, k, row);
        }
        out = Py_BuildValue("{s:N,s:{s:i,s:i,s:i,s:i,s:i},s:N,s:N,s:N,s:N,s:N,s:N,s:L,s:i,s:i}", "winners",
                            winners, "stats", "trades", s->st_trades, "auctions", s->st_auctions, "shortages",
                            s->st_shortages, "bankruptcies", s->st_bankruptcies, "turns", s->st_turns, "cash",
                            cash, "pos", pos, "owner", owner, "level", level, "landings", landings, "trace",
                            trace, "steps", steps, "bank_houses", s->bank_houses, "bank_hotels",
                            s->bank_hotels);
    }
    free_state(s);
    free(s->trace);
    free(script);
    free(s);
    return out;
}

static PyObject *py_set_order(PyObject *self, PyObject *arg) {
    (void)self;
    Py_ssize_t n = PySequence_Size(arg);
    if (n < 0 || n > 256) {
        PyErr_SetString(PyExc_ValueError, "0 to 256 keys");
        return NULL;
    }
    int keys[256], out[256];
    if (read_ints(arg, keys, n, "keys")) return NULL;
    int m = set_order(keys, (int)n, out);
    if (m < 0) {
        PyErr_SetString(PyExc_ValueError, "too many keys");
        return NULL;
    }
    PyObject *list = PyList_New(m);
    for (int k = 0; k < m; k++) PyList_SET_ITEM(list, k, PyLong_FromLong(out[k]));
    return list;
}

static PyMethodDef methods[] = {
    {"configure", py_configure, METH_O, "Set the rules (a dict built by engines.monopoly.fastsim)."},
    {"play", py_play, METH_VARARGS,
     "play(levels, mt_words, mt_index, max_turns, trading, jackpot, max_steps, script=None, trace=False)"
     " -> dict: one game."},
    {"set_order", py_set_order, METH_O, "The iteration order of frozenset(keys) for small ints."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastsim", "The fast Monopoly simulator core.", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fastsim(void) { return PyModule_Create(&module); }
