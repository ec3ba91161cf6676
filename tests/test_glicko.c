/* Glicko-2 against the worked example of Glickman's paper, and the shape of a new player's first games. */
#include <criterion/criterion.h>
#include <math.h>

#include "study/glicko.h"

Test(glicko, glickmans_example)
{
	/* The paper's player: 1500, RD 200, volatility 0.06, tau 0.5; beats a 1400 (RD 30), loses to 1550 and 1700. */
	struct glicko p = { 1500, 200, 0.06 };
	struct glicko_result r[] = { { 1400, 30, 1 }, { 1550, 100, 0 }, { 1700, 300, 0 } };
	struct glicko q = glicko_update(p, r, 3, 0.5);
	cr_expect(fabs(q.rating - 1464.06) < 0.05, "rating %f", q.rating);
	cr_expect(fabs(q.deviation - 151.52) < 0.05, "deviation %f", q.deviation);
	cr_expect(fabs(q.volatility - 0.05999) < 0.00001, "volatility %f", q.volatility);
}

Test(glicko, wins_raise_losses_lower_and_certainty_grows)
{
	struct glicko p = glicko_new();
	struct glicko_result win = { 1200, 50, 1 }, loss = { 1800, 50, 0 };
	struct glicko a = glicko_update(p, &win, 1, 0.5), b = glicko_update(p, &loss, 1, 0.5);
	cr_expect(a.rating > p.rating && b.rating < p.rating);
	cr_expect(a.deviation < p.deviation && b.deviation < p.deviation);
	struct glicko idle = glicko_update(a, NULL, 0, 0.5);
	cr_expect(idle.rating == a.rating && idle.deviation > a.deviation && idle.deviation <= 350);
}
