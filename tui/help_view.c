/* The help page (commands and keys) and the too-small notice, centred on the terminal as it is now. */
#include <curses.h>
#include <stdio.h>

#include "help_view.h"
#include "layout.h"

static const char *const help_lines[] = {
	"Outpost: commands (a prefix is enough) and keys",
	"",
	"  e4, Nf3, O-O, exd5, e7e8=Q  a move in SAN (or e2e4); Tab completes",
	"  new           a new game (the old one goes to the archive)",
	"  undo / redo   take back your last move (and the reply) / replay it",
	"  hint          the engine suggests a move",
	"  go            the engine plays the side to move from now on",
	"  analyze       analyse your position while it is your turn (toggle)",
	"  level N       engine level 0-20         elo N | elo off",
	"  time 5+3      clocks: minutes + seconds a move   time off",
	"  side white    play White (or black)    flip   turn the board",
	"  fen           show the position's FEN  setup FEN   set one up",
	"  save F.pgn    save the game            load F.pgn  continue a game",
	"  claim         claim a draw (threefold, fifty moves)",
	"  draw          offer a draw             resign   give up",
	"  quit          quit; the game is kept and resumes next time",
	"",
	"  F1, ?  this help     F2 flip     PgUp/PgDn scroll the moves",
	"  Up/Down history      Ctrl-C quit (asks)",
	"",
	"Press any key to go back to the game.",
};

void help_view_draw(void)
{
	int n = (int)(sizeof help_lines / sizeof help_lines[0]);
	int y0 = LINES > n ? (LINES - n) / 2 : 0;
	for (int i = 0; i < n && y0 + i < LINES; i++)
		mvaddnstr(y0 + i, 2, help_lines[i], COLS - 2);
}

void help_view_draw_too_small(void)
{
	char line[96];
	int y = LINES / 2 - 1 > 0 ? LINES / 2 - 1 : 0;
	snprintf(line, sizeof line, "Terminal too small (%dx%d)", COLS, LINES);
	mvaddnstr(y, 0, line, COLS);
	snprintf(line, sizeof line, "needs %dx%d", LAYOUT_MIN_COLS, LAYOUT_MIN_LINES);
	mvaddnstr(y + 1, 0, line, COLS);
}
