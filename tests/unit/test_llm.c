/* test_llm.c - src/debug/llm.c without a network: configuration from the environment, the request
 * body, and the validation of answers (good, fenced, malformed, invalid operations). The HTTP side
 * is tested end to end by tests/cli/llm.sh against a local fake server. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/llm.h"

#include "testutil.h"

static const char good[] = "{\"cause\": \"NCCL used the wrong interface.\", \"category\": \"communication\", "
			   "\"patch\": [{\"op\": \"set_env\", \"name\": \"NCCL_SOCKET_IFNAME\", \"value\": \"hsn\"}, "
			   "{\"op\": \"set_master_port\", \"value\": 29600}]}";

static void parse_good(void **state)
{
	(void)state;
	struct llm_answer a;
	llm_answer_init(&a);
	struct maple_error err;
	assert_int_equal(llm_parse_content(good, strlen(good), &a, &err), 0);
	assert_string_equal(a.cause, "NCCL used the wrong interface.");
	assert_string_equal(a.category, "communication");
	assert_int_equal(a.nops, 2);
	assert_int_equal(a.ops[0].kind, PK_SET_ENV);
	assert_string_equal(a.ops[0].f[PF_VALUE], "hsn");
	assert_string_equal(a.ops[1].f[PF_VALUE], "29600"); /* a number is read as its text */
	llm_answer_release(&a);
}

static void parse_fenced(void **state)
{
	(void)state;
	struct strbuf c = STRBUF_INIT;
	strbuf_addf(&c, "Here is my answer:\n```json\n%s\n```\nGood luck!", good);
	struct llm_answer a;
	llm_answer_init(&a);
	struct maple_error err;
	assert_int_equal(llm_parse_content(c.buf, c.len, &a, &err), 0);
	assert_int_equal(a.nops, 2);
	llm_answer_release(&a);
	/* inside a whole chat-completions response */
	json_t *resp = json_pack("{s:[{s:{s:s,s:s}}]}", "choices", "message", "role", "assistant", "content", c.buf);
	char *body = json_dumps(resp, 0);
	llm_answer_init(&a);
	assert_int_equal(llm_parse_response(body, strlen(body), &a, &err), 0);
	assert_string_equal(a.category, "communication");
	llm_answer_release(&a);
	free(body);
	json_decref(resp);
	strbuf_release(&c);
}

static void expect_invalid(const char *content, const char *want)
{
	struct llm_answer a;
	llm_answer_init(&a);
	struct maple_error err;
	assert_int_equal(llm_parse_content(content, strlen(content), &a, &err), -1);
	assert_contains(err.text, want);
	llm_answer_release(&a);
}

static void parse_invalid(void **state)
{
	(void)state;
	expect_invalid("I think the network is broken.", "holds no JSON object");
	expect_invalid("{\"cause\": \"x\", \"category\": }", "not valid JSON");
	expect_invalid("{\"category\": \"communication\", \"patch\": []}", "no \"cause\"");
	expect_invalid("{\"cause\": \"x\", \"category\": \"network\", \"patch\": []}", "\"category\" is not one of");
	expect_invalid("{\"cause\": \"x\", \"category\": \"launcher\", \"patch\": {\"op\": \"set_env\"}}",
		       "not a list of operations");
	expect_invalid("{\"cause\": \"x\", \"category\": \"launcher\", \"patch\": [{\"op\": \"run_shell\", \"cmd\": "
		       "\"rm -rf /\"}]}",
		       "operation 1 of the answer's patch is invalid: unknown operation 'run_shell'");
	expect_invalid("{\"cause\": \"x\", \"category\": \"launcher\", \"patch\": [{\"op\": \"set_env\", \"name\": "
		       "\"A\", \"value\": \"1\", \"shell\": \"x\"}]}",
		       "field 'shell' is not one of this operation's fields");
	expect_invalid("{\"cause\": \"x\", \"category\": \"launcher\", \"patch\": [{\"op\": \"set_env\", \"name\": "
		       "\"A\"}]}",
		       "field 'value' is missing");
	expect_invalid("{\"cause\": \"x\", \"category\": \"launcher\", \"patch\": [{\"op\": \"set_env\", \"name\": "
		       "\"A\", \"value\": \"1\\necho pwned\"}]}",
		       "newline");
	struct llm_answer a;
	llm_answer_init(&a);
	struct maple_error err;
	assert_int_equal(llm_parse_response("{\"error\": \"x\"}", 14, &a, &err), -1);
	assert_contains(err.text, "no choices[0].message.content");
	llm_answer_release(&a);
	/* no patch at all is a valid answer */
	llm_answer_init(&a);
	assert_int_equal(llm_parse_content("{\"cause\": \"x\", \"category\": \"resources\"}", 40, &a, &err), 0);
	assert_int_equal(a.nops, 0);
	llm_answer_release(&a);
}

static void config(void **state)
{
	(void)state;
	struct llm_config c;
	struct maple_error err;
	unsetenv("MAPLE_LLM_URL");
	assert_int_equal(llm_config_from_env(&c, &err), 1);
	setenv("MAPLE_LLM_URL", "http://127.0.0.1:8000/v1/", 1);
	unsetenv("MAPLE_LLM_TIMEOUT");
	unsetenv("MAPLE_LLM_API_KEY");
	setenv("MAPLE_LLM_MODEL", "m", 1);
	assert_int_equal(llm_config_from_env(&c, &err), 0);
	assert_string_equal(c.url, "http://127.0.0.1:8000/v1/chat/completions");
	assert_int_equal(c.timeout_s, 60);
	assert_null(c.api_key);
	assert_string_equal(c.model, "m");
	llm_config_release(&c);
	setenv("MAPLE_LLM_URL", "https://h/v1/chat/completions", 1);
	setenv("MAPLE_LLM_TIMEOUT", "2", 1);
	assert_int_equal(llm_config_from_env(&c, &err), 0);
	assert_string_equal(c.url, "https://h/v1/chat/completions");
	assert_int_equal(c.timeout_s, 2);
	llm_config_release(&c);
	setenv("MAPLE_LLM_TIMEOUT", "soon", 1);
	assert_int_equal(llm_config_from_env(&c, &err), -1);
	assert_contains(err.text, "MAPLE_LLM_TIMEOUT 'soon'");
	setenv("MAPLE_LLM_URL", "localhost:8000", 1);
	unsetenv("MAPLE_LLM_TIMEOUT");
	assert_int_equal(llm_config_from_env(&c, &err), -1);
	assert_contains(err.text, "not an http:// or https:// URL");
	unsetenv("MAPLE_LLM_URL");
}

static void request_body(void **state)
{
	(void)state;
	struct llm_config c = {.url = NULL, .model = "test-model", .api_key = NULL, .timeout_s = 5};
	struct strbuf log = STRBUF_INIT;
	for (int i = 1; i <= 1000; i++)
		strbuf_addf(&log, "line %d\n", i);
	strbuf_adds(&log, "bad byte \xff end\n");
	const char script[] = "#!/bin/bash\nsrun python train.py\n";
	char *body = llm_request_body(&c, script, strlen(script), log.buf, log.len, "- a note");
	assert_non_null(body);
	json_t *j = json_loads(body, 0, NULL);
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "model")), "test-model");
	json_t *msgs = json_object_get(j, "messages");
	const char *sys = json_string_value(json_object_get(json_array_get(msgs, 0), "content"));
	const char *user = json_string_value(json_object_get(json_array_get(msgs, 1), "content"));
	assert_contains(sys, "Answer ONLY with one JSON object");
	assert_contains(sys, "\"op\": \"set_node_rank\"");
	assert_contains(user, "srun python train.py");
	assert_contains(user, "line 1000\n");
	assert_contains(user, "bad byte ? end");
	assert_not_contains(user, "line 800\n"); /* only the last 200 lines */
	assert_contains(user, "line 802\n");
	assert_contains(user, "- a note");
	json_decref(j);
	free(body);
	strbuf_release(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parse_good), cmocka_unit_test(parse_fenced), cmocka_unit_test(parse_invalid),
		cmocka_unit_test(config),     cmocka_unit_test(request_body),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
