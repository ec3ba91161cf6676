/* The state's one function of its own: the status line, which every layer that changes the state may set. */
#include <stdarg.h>
#include <stdio.h>

#include "tui.h"

void tui_status(struct tui *t, enum msg_kind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t->msg.text, sizeof t->msg.text, fmt, ap);
	va_end(ap);
	t->msg.kind = kind;
	t->msg.serial++;
	t->loop.dirty = true;
}
