/* autofill.h - `maple generate --auto --dir DIR`: fills what a request leaves out (framework,
 * strategy, node count, the script) from an inspection of the job's directory and the memory
 * advice for the request's cluster, and says for each field what it filled and why. Everything it
 * sets goes into the request structure, so the generate path (rules, quoting, checks) is unchanged. */
#ifndef MAPLE_ADVISE_AUTOFILL_H
#define MAPLE_ADVISE_AUTOFILL_H

#include "../repo/repo.h"
#include "../request/request.h"
#include "../util/error.h"
#include "../util/strvec.h"

/* Fills req from dir. filled gets one "field: value (why)" line per field set; notes get what could
 * not be filled and why. data_dir is the extra data directory (--data-dir) or NULL. Fails only when
 * dir cannot be inspected or the model data are invalid. */
int autofill_request(const struct repo *repo, const char *data_dir, const char *dir, struct request *req,
		     struct strvec *filled, struct strvec *notes, struct maple_error *err);

#endif
