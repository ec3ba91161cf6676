/* The pages that take the whole screen: the help, and the notice that the terminal is too small. */
#ifndef OUTPOST_TUI_HELP_VIEW_H
#define OUTPOST_TUI_HELP_VIEW_H

void help_view_draw(void);
/* The help's lines (commands and keys), for the plain screen; returns how many. */
int help_view_lines(const char *const **lines);
/* Says the terminal is too small, and how large it must be. */
void help_view_draw_too_small(void);

#endif
