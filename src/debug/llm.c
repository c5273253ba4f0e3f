/* llm.c - the optional OpenAI-compatible client of `maple debug` (libcurl + jansson): builds the
 * chat-completions request, bounds the wait and the answer's size, and reads the answer as data
 * checked by the patch-operation validator. */
#include "llm.h"

#include "kb.h"

#include "../util/xalloc.h"

#include <curl/curl.h>
#include <jansson.h>

#include <ctype.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* libcurl, loaded on first use (see CMakeLists.txt: linking it costs every maple process ~10 ms). */
static struct {
	void *lib;
	CURLcode (*global_init)(long);
	void (*global_cleanup)(void);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	const char *(*easy_strerror)(CURLcode);
	void (*easy_cleanup)(CURL *);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
} cu;

static int load_curl(struct maple_error *err)
{
	if (cu.lib)
		return 0;
	void *h = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
	if (!h)
		h = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return errorf(err, "the LLM helper needs libcurl (libcurl.so.4; Debian: apt-get install libcurl4): %s",
			      dlerror());
#define SYM(field, name)                                                                                    \
	do {                                                                                                \
		*(void **)&cu.field = dlsym(h, name);                                                       \
		if (!cu.field) {                                                                            \
			dlclose(h);                                                                         \
			return errorf(err, "libcurl.so.4 has no %s", name);                                 \
		}                                                                                           \
	} while (0)
	SYM(global_init, "curl_global_init");
	SYM(global_cleanup, "curl_global_cleanup");
	SYM(easy_init, "curl_easy_init");
	SYM(easy_setopt, "curl_easy_setopt");
	SYM(easy_perform, "curl_easy_perform");
	SYM(easy_getinfo, "curl_easy_getinfo");
	SYM(easy_strerror, "curl_easy_strerror");
	SYM(easy_cleanup, "curl_easy_cleanup");
	SYM(slist_append, "curl_slist_append");
	SYM(slist_free_all, "curl_slist_free_all");
#undef SYM
	cu.lib = h;
	return 0;
}

int llm_config_from_env(struct llm_config *c, struct maple_error *err)
{
	memset(c, 0, sizeof(*c));
	const char *url = getenv("MAPLE_LLM_URL");
	if (!url || !*url)
		return 1;
	if (strncmp(url, "http://", 7) && strncmp(url, "https://", 8))
		return errorf(err, "MAPLE_LLM_URL '%s' is not an http:// or https:// URL", url);
	/* a base URL (http://host:port/v1) gets /chat/completions; a query string stays at the end */
	const char *q = strchr(url, '?');
	size_t plen = q ? (size_t)(q - url) : strlen(url);
	while (plen > 8 && url[plen - 1] == '/')
		plen--;
	static const char suffix[] = "/chat/completions";
	size_t sl = sizeof(suffix) - 1;
	struct strbuf u = STRBUF_INIT;
	strbuf_add(&u, url, plen);
	if (plen < sl || memcmp(url + plen - sl, suffix, sl))
		strbuf_adds(&u, suffix);
	if (q)
		strbuf_adds(&u, q);
	c->url = strbuf_detach(&u);
	const char *model = getenv("MAPLE_LLM_MODEL");
	c->model = model && *model ? model : "default";
	const char *key = getenv("MAPLE_LLM_API_KEY");
	c->api_key = key && *key ? key : NULL;
	c->timeout_s = 60;
	const char *t = getenv("MAPLE_LLM_TIMEOUT");
	if (t && *t) {
		char *end;
		long v = strtol(t, &end, 10);
		if (*end || v < 1 || v > 3600) {
			llm_config_release(c);
			return errorf(err, "MAPLE_LLM_TIMEOUT '%s' is not a number of seconds (1-3600)", t);
		}
		c->timeout_s = v;
	}
	return 0;
}

void llm_config_release(struct llm_config *c)
{
	free(c->url);
	memset(c, 0, sizeof(*c));
}

void llm_answer_init(struct llm_answer *a)
{
	memset(a, 0, sizeof(*a));
	arena_init(&a->arena);
}

void llm_answer_release(struct llm_answer *a)
{
	arena_release(&a->arena);
	memset(a, 0, sizeof(*a));
}

/* The last lines of a log: at most LLM_LOG_LINES lines and LLM_LOG_BYTES bytes. */
static void log_tail(const char *log, size_t len, struct strbuf *out)
{
	size_t start = len, lines = 0;
	while (start > 0 && len - start < LLM_LOG_BYTES) {
		if (log[start - 1] == '\n' && start != len && ++lines >= LLM_LOG_LINES)
			break;
		start--;
	}
	/* valid UTF-8 only (jansson refuses anything else) */
	for (size_t i = start; i < len;) {
		unsigned char c = (unsigned char)log[i];
		size_t n = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : 9;
		bool ok = n != 9 && i + n < len && !(n == 1 && c < 0xc2);
		for (size_t k = 1; ok && k <= n; k++)
			ok = ((unsigned char)log[i + k] & 0xc0) == 0x80;
		if (!ok) {
			strbuf_addch(out, c < 0x80 ? (char)c : '?');
			i++;
		} else {
			strbuf_add(out, log + i, n + 1);
			i += n + 1;
		}
	}
}

char *llm_request_body(const struct llm_config *c, const char *script, size_t slen, const char *log, size_t llen,
		       const char *notes)
{
	struct strbuf sys = STRBUF_INIT, user = STRBUF_INIT;
	strbuf_adds(&sys,
		    "You diagnose failed distributed deep-learning training jobs on HPC clusters from the batch job "
		    "script and the end of its log.\n"
		    "Answer ONLY with one JSON object and nothing else:\n"
		    "{\"cause\": \"one sentence: why the job failed\", \"category\": \"scheduler|launcher|environment|"
		    "communication|framework|user-config|resources\", \"patch\": [operations]}\n"
		    "The patch changes the job script. It is a list of operations, each a JSON object with \"op\" and "
		    "the fields shown, taken ONLY from this list (never shell commands, never other fields):\n");
	patch_ops_describe(&sys);
	strbuf_adds(&sys, "Values may use the placeholders {gpus_per_node} {nodes} {world_size} {cluster} "
			  "{profile_env:NAME|DEFAULT}. When the fix cannot be written with these operations, give "
			  "\"patch\": [] and say what to do in the cause.\n");
	strbuf_adds(&user, "Job script:\n```bash\n");
	size_t sl = slen > LLM_SCRIPT_BYTES ? LLM_SCRIPT_BYTES : slen;
	log_tail(script, sl, &user); /* the same UTF-8 cleaning */
	strbuf_adds(&user, "\n```\n\nEnd of the job log:\n```\n");
	log_tail(log, llen, &user);
	strbuf_adds(&user, "\n```\n");
	if (notes && *notes)
		strbuf_addf(&user, "\nNotes from the cluster documentation that may be relevant:\n%s\n", notes);
	json_t *body = json_object();
	json_object_set_new(body, "model", json_string(c->model));
	json_object_set_new(body, "temperature", json_integer(0));
	json_t *msgs = json_array();
	json_t *m1 = json_object();
	json_object_set_new(m1, "role", json_string("system"));
	json_object_set_new(m1, "content", json_string(sys.buf));
	json_t *m2 = json_object();
	json_object_set_new(m2, "role", json_string("user"));
	json_object_set_new(m2, "content", json_string(user.buf));
	json_array_append_new(msgs, m1);
	json_array_append_new(msgs, m2);
	json_object_set_new(body, "messages", msgs);
	char *s = json_dumps(body, JSON_COMPACT);
	json_decref(body);
	strbuf_release(&sys);
	strbuf_release(&user);
	return s;
}

int llm_parse_content(const char *content, size_t len, struct llm_answer *out, struct maple_error *err)
{
	/* the JSON object: inside a ``` fence when there is one, else from the first '{' to the last '}' */
	const char *s = content, *e = content + len;
	const char *fence = NULL;
	for (const char *p = s; p + 3 <= e; p++)
		if (!memcmp(p, "```", 3)) {
			fence = p;
			break;
		}
	if (fence) {
		const char *nl = memchr(fence, '\n', (size_t)(e - fence));
		if (nl) {
			const char *close = NULL;
			for (const char *p = nl + 1; p + 3 <= e; p++)
				if (!memcmp(p, "```", 3)) {
					close = p;
					break;
				}
			s = nl + 1;
			e = close ? close : e;
		}
	}
	while (s < e && *s != '{')
		s++;
	while (e > s && e[-1] != '}')
		e--;
	if (s >= e)
		return errorf(err, "the answer holds no JSON object");
	json_error_t je;
	json_t *o = json_loadb(s, (size_t)(e - s), 0, &je);
	if (!o)
		return errorf(err, "the answer is not valid JSON (%s)", je.text);
	int rc = -1;
	if (!json_is_object(o)) {
		errorf(err, "the answer is not a JSON object");
		goto done;
	}
	const json_t *cause = json_object_get(o, "cause"), *cat = json_object_get(o, "category"),
		     *patch = json_object_get(o, "patch");
	if (!json_is_string(cause) || !*json_string_value(cause)) {
		errorf(err, "the answer has no \"cause\" string");
		goto done;
	}
	if (!json_is_string(cat) || kb_category_from_name(json_string_value(cat)) < 0) {
		errorf(err, "the answer's \"category\" is not one of scheduler launcher environment communication "
			    "framework user-config resources");
		goto done;
	}
	if (patch && !json_is_null(patch) && !json_is_array(patch)) {
		errorf(err, "the answer's \"patch\" is not a list of operations");
		goto done;
	}
	out->cause = arena_strdup(&out->arena, json_string_value(cause));
	out->category = arena_strdup(&out->arena, json_string_value(cat));
	size_t n = json_is_array(patch) ? json_array_size(patch) : 0;
	out->ops = arena_alloc(&out->arena, (n ? n : 1) * sizeof(*out->ops));
	for (size_t i = 0; i < n; i++) {
		struct maple_error e2;
		if (patch_op_from_json(json_array_get(patch, i), &out->arena, &out->ops[i], &e2) < 0) {
			errorf(err, "operation %zu of the answer's patch is invalid: %s", i + 1, e2.text);
			goto done;
		}
		out->nops++;
	}
	rc = 0;
done:
	json_decref(o);
	return rc;
}

int llm_parse_response(const char *body, size_t len, struct llm_answer *out, struct maple_error *err)
{
	json_error_t je;
	json_t *o = json_loadb(body, len, 0, &je);
	if (!o)
		return errorf(err, "the response is not JSON (%s)", je.text);
	const json_t *ch = json_object_get(o, "choices");
	const json_t *msg = json_is_array(ch) && json_array_size(ch) ? json_object_get(json_array_get(ch, 0), "message")
								     : NULL;
	const json_t *content = msg ? json_object_get(msg, "content") : NULL;
	int rc;
	if (!json_is_string(content))
		rc = errorf(err, "the response has no choices[0].message.content");
	else
		rc = llm_parse_content(json_string_value(content), json_string_length(content), out, err);
	json_decref(o);
	return rc;
}

struct sink {
	struct strbuf body;
	bool too_big;
};

static size_t on_data(char *ptr, size_t size, size_t nmemb, void *userdata)
{
	struct sink *s = userdata;
	size_t n = size * nmemb;
	if (s->body.len + n > LLM_MAX_BODY) {
		s->too_big = true;
		return 0; /* aborts the transfer */
	}
	strbuf_add(&s->body, ptr, n);
	return n;
}

/* A short, printable excerpt of an error body. */
static void excerpt(const char *s, size_t len, struct strbuf *out)
{
	for (size_t i = 0; i < len && out->len < 160; i++)
		strbuf_addch(out, isprint((unsigned char)s[i]) ? s[i] : ' ');
}

int llm_diagnose(const struct llm_config *c, const char *script, size_t slen, const char *log, size_t llen,
		 const char *notes, struct llm_answer *out, struct maple_error *err)
{
	llm_answer_init(out);
	if (load_curl(err) < 0)
		return -1;
	char *body = llm_request_body(c, script, slen, log, llen, notes);
	if (!body)
		return errorf(err, "cannot build the request to the LLM");
	if (cu.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		free(body);
		return errorf(err, "cannot initialise libcurl");
	}
	CURL *h = cu.easy_init();
	struct sink sink = {STRBUF_INIT, false};
	struct curl_slist *hdr = cu.slist_append(NULL, "Content-Type: application/json");
	struct strbuf auth = STRBUF_INIT;
	if (c->api_key) {
		strbuf_addf(&auth, "Authorization: Bearer %s", c->api_key);
		hdr = cu.slist_append(hdr, auth.buf);
	}
	int rc = -1;
	if (!h) {
		errorf(err, "cannot initialise libcurl");
		goto out;
	}
	cu.easy_setopt(h, CURLOPT_URL, c->url);
	cu.easy_setopt(h, CURLOPT_POSTFIELDS, body);
	cu.easy_setopt(h, CURLOPT_HTTPHEADER, hdr);
	cu.easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 5L);
	cu.easy_setopt(h, CURLOPT_TIMEOUT, c->timeout_s);
	cu.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	cu.easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
	cu.easy_setopt(h, CURLOPT_WRITEDATA, &sink);
	cu.easy_setopt(h, CURLOPT_USERAGENT, "maple-debug");
	CURLcode cc = cu.easy_perform(h);
	long status = 0;
	cu.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	if (sink.too_big) {
		errorf(err, "the LLM at %s sent an answer larger than %zu KiB; ignored", c->url, LLM_MAX_BODY >> 10);
	} else if (cc == CURLE_OPERATION_TIMEDOUT) {
		errorf(err, "the LLM at %s did not answer within %ld s (MAPLE_LLM_TIMEOUT)", c->url, c->timeout_s);
	} else if (cc != CURLE_OK) {
		errorf(err, "cannot reach the LLM at %s: %s", c->url, cu.easy_strerror(cc));
	} else if (status < 200 || status >= 300) {
		struct strbuf ex = STRBUF_INIT;
		excerpt(sink.body.buf, sink.body.len, &ex);
		errorf(err, "the LLM at %s answered HTTP %ld%s%s", c->url, status, ex.len ? ": " : "", ex.buf);
		strbuf_release(&ex);
	} else {
		struct maple_error e2;
		if (llm_parse_response(sink.body.buf, sink.body.len, out, &e2) < 0)
			errorf(err, "the LLM's answer is not usable: %s", e2.text);
		else
			rc = 0;
	}
out:
	if (h)
		cu.easy_cleanup(h);
	cu.slist_free_all(hdr);
	strbuf_release(&auth);
	strbuf_release(&sink.body);
	free(body);
	cu.global_cleanup();
	return rc;
}
