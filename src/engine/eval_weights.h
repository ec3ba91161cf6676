/*
 * Every evaluation weight, named once.  Values are (middlegame, endgame) pairs in centipawns.  tools/tuning/tune fits
 * them all to self-play data and writes eval_weights.c back; a weight added here must be added to its table
 * (tools/tuning/tune_params.c) too, or the tuner stops at the first position that uses it.
 */
#ifndef OUTPOST_EVAL_WEIGHTS_H
#define OUTPOST_EVAL_WEIGHTS_H

#include "rules/types.h"

extern const score_pair_t material_weight[PIECE_TYPE_NB];
/* Square bonuses by piece type, for White, written from a8 (index 0) to h1 (index 63). */
extern const score_pair_t psq_weight[PIECE_TYPE_NB][SQ_NB];

/* The game phase, from the non-pawn material of both sides (in piece_value units). */
#define PHASE_MG_MATERIAL 6000 /* at or above: pure middlegame */
#define PHASE_EG_MATERIAL 1000 /* at or below: pure endgame */
#define PHASE_MAX 128
#define SCALE_NORMAL 64 /* endgame scale factor of a normal position */
/* Endgame scale factors of drawish material (eval_scale.c), out of SCALE_NORMAL; not tuned. */
#define SCALE_OCB_ALONE 18            /* bishops of opposite colours and pawns ... */
#define SCALE_OCB_PER_PASSER 4        /* ... and this for each passed pawn of the stronger side */
#define SCALE_OCB_WITH_PIECES 48      /* opposite bishops and other pieces, material level */
#define SCALE_ROOK_PAWN_UP_ONE_WING 40 /* rook each, one pawn more, all pawns on one wing, none passed */
#define SCALE_FEW_PAWNS_BASE 48       /* otherwise BASE + PER_PAWN per pawn of the stronger side, at most NORMAL */
#define SCALE_FEW_PAWNS_PER_PAWN 4

extern const score_pair_t tempo_bonus;

/* Mobility by the number of safe squares a piece attacks. */
extern const score_pair_t mobility_knight[9];
extern const score_pair_t mobility_bishop[14];
extern const score_pair_t mobility_rook[15];
extern const score_pair_t mobility_queen[28];

/* Pawn structure. */
extern const score_pair_t pawn_doubled, pawn_isolated, pawn_backward;
extern const score_pair_t pawn_weak_unopposed; /* isolated or backward with no enemy pawn ahead on its file */
extern const score_pair_t pawn_connected[8]; /* by relative rank; defended or side by side */
extern const score_pair_t passed_pawn[8];    /* by relative rank */
/* By the passed pawn's relative rank: */
extern const score_pair_t passed_free_step[8];  /* the square in front is empty and not attacked */
extern const score_pair_t passed_king_own[8];   /* per square between our king and the square in front */
extern const score_pair_t passed_king_their[8]; /* the same for the enemy king */
/* A passed pawn the enemy king cannot catch (the square rule) when the enemy has no piece but pawns. */
extern const score_pair_t passed_unstoppable;

/* Pieces. */
extern const score_pair_t bishop_pair;
extern const score_pair_t rook_open_file, rook_semi_open_file;
extern const score_pair_t rook_on_seventh; /* on the seventh rank, with the enemy king on the eighth or pawns on the seventh */
extern const score_pair_t knight_outpost, bishop_outpost;
extern const score_pair_t bishop_pawns;      /* per pawn of ours on the bishop's colour, per bishop */
extern const score_pair_t minor_behind_pawn; /* a knight or bishop with a pawn of either side just in front */
/* Per knight and per rook, by how closed the position is (eval.c: 0 open to 8 closed). */
extern const score_pair_t knight_closedness[9], rook_closedness[9];
/* By the number of files between our king and the nearest file with a pawn of either side. */
extern const score_pair_t king_pawn_file_distance[8];

/* Threats. */
extern const score_pair_t threat_by_pawn;      /* a non-pawn piece attacked by a pawn */
extern const score_pair_t threat_minor_on_major; /* a rook or queen attacked by a knight or bishop */
extern const score_pair_t threat_rook_on_queen;
extern const score_pair_t threat_hanging;      /* attacked and not defended at all */
extern const score_pair_t threat_minor_on_minor; /* a knight or bishop not defended by a pawn, by a knight or bishop */
extern const score_pair_t threat_rook_on_minor;  /* the same by a rook */
extern const score_pair_t threat_by_king;        /* an undefended piece next to our king */
extern const score_pair_t threat_weak_pawn;      /* an enemy pawn attacked and not defended */
extern const score_pair_t threat_pawn_push;      /* a piece a safe pawn push would attack */

/* Space: per safe square in the centre behind our pawn chain (counted twice behind a pawn), times our men / 8. */
extern const score_pair_t space_bonus;

/*
 * King safety, in danger units turned into a penalty of danger^2 / KING_DANGER_DIV (middlegame) and
 * danger / KING_DANGER_EG_DIV (endgame) when two or more pieces attack the king's zone.  The shelter
 * counts twice: as a middlegame penalty of its own and in the danger.
 */
extern const int king_attacker_weight[PIECE_TYPE_NB];
extern const int king_safe_check[PIECE_TYPE_NB];
extern const int king_danger_per_hit;     /* per attacked square of the king zone */
extern const int king_danger_no_queen;    /* taken off when the attacker has no queen */
extern const int king_danger_weak_square; /* per square of the king zone attacked and defended by at most the king
                                             or queen, once */
/*
 * Complexity: how much room the endgame score has to grow or shrink.  The sum of these, in centipawns, moves the
 * endgame score away from zero, or toward it when negative, though never past it: a lone extra pawn with all pawns
 * on one wing is worth less than one with pawns on both wings and many left.
 */
extern const int complexity_pawns;       /* per pawn on the board */
extern const int complexity_both_wings;  /* pawns on both wings */
extern const int complexity_pawn_ending; /* no piece but kings and pawns */
extern const int complexity_passed;      /* per passed pawn of either side */
extern const int complexity_base;

#define KING_DANGER_DIV 1024
#define KING_DANGER_EG_DIV 16
extern const int king_shelter_missing[8]; /* own shield pawn's relative rank (0 = none on the file) */
extern const int king_storm[8];           /* enemy pawn's relative rank on a file by the king */

#endif
