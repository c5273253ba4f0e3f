/* textdist.c - edit distance between short words (typo-tolerant name matching). */
#include "textdist.h"

#include <string.h>

int edit_distance_within(const char *a, const char *b, int max)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 63 || lb > 63)
		return max + 1;
	if ((la > lb ? la - lb : lb - la) > (size_t)max)
		return max + 1;
	int d[64][64];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int row_min = d[i][0];
		for (size_t j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1];
			int v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
			if (v < row_min)
				row_min = v;
		}
		/* a transposition can lower the next row by one below this row's minimum */
		if (row_min > max + 1)
			return max + 1;
	}
	return d[la][lb] > max ? max + 1 : d[la][lb];
}

int edit_distance(const char *a, const char *b)
{
	return edit_distance_within(a, b, 98);
}
