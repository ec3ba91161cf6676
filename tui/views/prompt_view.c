/* The typed line from the state's copy of readline's buffer; the cursor is left where the point is. */
#include <string.h>

#include "prompt_view.h"
#include "paint.h"

/* The byte offset of cell `cell` in s. */
static int offset_of_cell(const char *s, int cell)
{
	int i = 0, c = 0;
	while (s[i] && c < cell) {
		i++;
		while (((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
		c++;
	}
	return i;
}

void prompt_view_draw(const struct tui *t, const struct rect *r)
{
	const char *line = t->prompt.line;
	int prompt_w = (int)strlen(TUI_PROMPT), room = r->w - prompt_w - 1;
	int point = paint_cells(line, (size_t)t->prompt.point);
	/* Scroll sideways so the point stays in view. */
	int first = point > room ? point - room : 0;
	paint_put(r->y, r->x, prompt_w, TUI_PROMPT, paint_role_attr(&t->view, ROLE_HEADING));
	paint_put(r->y, r->x + prompt_w, r->w - prompt_w, line + offset_of_cell(line, first), A_NORMAL);
	move(r->y, r->x + prompt_w + point - first);
}
