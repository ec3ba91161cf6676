/* The help page (commands and keys) and the too-small notice, centred on the terminal as it is now. */
#include <curses.h>
#include <stdio.h>

#include "help_view.h"
#include "tui/base/layout.h"

static const char *const help_lines[] = {
	"Outpost: commands (a prefix will do; new setup load claim draw resign in full)",
	"  e4, Nf3, O-O, exd5, e7e8=Q  a move in SAN (or e2e4); Tab completes",
	"  new [960 [N]] a new game (the old one is archived); 960: Chess960, start N",
	"  undo / redo   take back your last move (and the reply) / replay it",
	"  hint          a move for the position shown   go   the engine plays on",
	"  analyze (toggle)   threat  what they threaten   safety on|off  blunder check",
	"  multipv N     analysis lines, 1-10      score white | side  scores' view",
	"  level N       engine level 0-20         elo N | elo off",
	"  time 5+3      clocks: minutes + seconds a move   time off",
	"  side white    play White (or black)    flip   turn the board",
	"  fen           show the position's FEN  setup FEN   set one up",
	"  save F.pgn    save the game            load F.pgn [N]  a game of a file",
	"  annotate      marks each move ?! ? ?\? ! !!; off stops  key [N]  retry  (review)",
	"  book on|off|F the opening book: the system's, none, or a .bin file",
	"  engine [panel|opponent|both] FILE [OPT=V...]  another UCI engine; off",
	"  claim  a draw   draw  offer one   resign  give up   quit  (the game is kept)",
	"  train  your mistakes as puzzles: a move, hint, answer, next, back",
	"  pieces N  scan e|4  what e4  last  clocks  moves g1   the board in words",
	"  Mouse: click a piece then a square, or drag; early, a premove (Esc drops it)",
	"  Empty line: Left/Right a move, Up/Down two, PgUp/PgDn a page, Home; End back",
	"  A move typed at a position stepped back to starts a new line from there.",
	"  F1, ? help  F2 flip  Ctrl-P/N history  Ctrl-C quit (asks)  Ctrl-Z suspend",
};
#define HELP_LINES ((int)(sizeof help_lines / sizeof help_lines[0]))

int help_view_lines(const char *const **lines)
{
	*lines = help_lines;
	return HELP_LINES;
}

void help_view_draw(void)
{
	int n = HELP_LINES + 2;
	int y0 = LINES > n ? (LINES - n) / 2 : 0;
	for (int i = 0; i < HELP_LINES && y0 + i < LINES; i++)
		mvaddnstr(y0 + i, 2, help_lines[i], COLS - 2);
	if (y0 + n - 1 < LINES)
		mvaddnstr(y0 + n - 1, 2, "Press any key to go back to the game.", COLS - 2);
}

void help_view_draw_too_small(void)
{
	char line[96];
	int y = LINES / 2 - 1 > 0 ? LINES / 2 - 1 : 0;
	snprintf(line, sizeof line, "Terminal too small (%dx%d)", COLS, LINES);
	mvaddnstr(y, 0, line, COLS);
	snprintf(line, sizeof line, "needs %dx%d", LAYOUT_MIN_COLS, LAYOUT_MIN_LINES);
	mvaddnstr(y + 1, 0, line, COLS);
	mvaddnstr(y + 2, 0, "Keys typed now are dropped;", COLS);
	mvaddnstr(y + 3, 0, "Ctrl-C quits (the game is kept)", COLS);
}
