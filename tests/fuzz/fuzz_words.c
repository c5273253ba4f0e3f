/* fuzz_words.c - the shell word reader and writer: every word read back from what shword_quote writes
 * is the same word (the property the generated scripts rely on). */
#include "fuzz.h"

#include "shell/words.h"

#include <stdbool.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(text, size, &ws);
	for (size_t i = 0; i < ws.nr; i++) {
		const struct shword *w = &ws.v[i];
		bool literal = !(w->flags & (SHW_META | SHW_SUBST | SHW_UNTERMINATED));
		for (size_t k = 0; k < w->nsegs; k++)
			literal = literal && w->segs[k].kind == SEG_LIT;
		if (!literal)
			continue;
		struct strbuf q = STRBUF_INIT;
		shword_quote(w, &q, false);
		/* the value may hold a NUL-free byte string: the quoted form must read back to it */
		struct shwords back;
		shwords_init(&back);
		shlex_split(q.buf, q.len, &back);
		if (back.nr != 1 || strcmp(back.v[0].value, w->value)) {
			fprintf(stderr, "word [%s] quoted as [%s] reads back as %zu word(s)%s%s\n", w->value, q.buf, back.nr,
				back.nr ? ": " : "", back.nr ? back.v[0].value : "");
			abort();
		}
		shwords_release(&back);
		strbuf_release(&q);
	}
	size_t pos = 0;
	struct shword w;
	while (pos < size) { /* the script form: stops at operators and newlines */
		if (shlex_word(text, size, &pos, &w))
			shword_release(&w);
		else
			pos++;
	}
	shwords_release(&ws);
	free(text);
	return 0;
}
