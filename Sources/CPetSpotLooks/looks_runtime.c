// ONNX Runtime through its C API, opened with dlopen. The runtime exports one function, OrtGetApiBase; every
// other call is a slot in the table it returns. The slots used here, by their index in ONNX Runtime's API
// (the table only ever grows at its end, so an index stays valid in every later version):
#include "petspot_looks.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    API_VERSION = 13,
    GET_ERROR_MESSAGE = 2,
    CREATE_ENV = 3,
    CREATE_SESSION = 7,
    RUN = 9,
    CREATE_SESSION_OPTIONS = 10,
    SET_GRAPH_OPTIMIZATION_LEVEL = 23,
    SET_INTRA_OP_THREADS = 24,
    SET_INTER_OP_THREADS = 25,
    CREATE_TENSOR_WITH_DATA = 49,
    GET_TENSOR_MUTABLE_DATA = 51,
    CREATE_CPU_MEMORY_INFO = 69,
    RELEASE_ENV = 92,
    RELEASE_STATUS = 93,
    RELEASE_MEMORY_INFO = 94,
    RELEASE_SESSION = 95,
    RELEASE_VALUE = 96,
    RELEASE_SESSION_OPTIONS = 100,
};

enum { LOGGING_WARNING = 2, GRAPH_OPTIMIZE_ALL = 99, DEVICE_ALLOCATOR = 0, MEMORY_DEFAULT = 0, ELEMENT_FLOAT = 1 };

typedef void *status_t;
typedef struct {
    const void *(*get_api)(uint32_t version);
    const char *(*get_version_string)(void);
} api_base_t;

struct petspot_looks_model {
    void *library;
    void *const *api;
    const char *version;
    void *env;
    void *session;
    void *memory;
};

#define SLOT(model, index, type) ((type)(model)->api[index])

static int failed(petspot_looks_model *model, status_t status, const char *doing, char *error, size_t size) {
    if (status == NULL) return 0;
    const char *message = SLOT(model, GET_ERROR_MESSAGE, const char *(*)(status_t))(status);
    snprintf(error, size, "%s: %s", doing, message);
    SLOT(model, RELEASE_STATUS, void (*)(status_t))(status);
    return 1;
}

static int open_session(petspot_looks_model *m, const char *model_path, int threads, char *error, size_t size) {
    void *options = NULL;
    status_t s = SLOT(m, CREATE_ENV, status_t (*)(int, const char *, void **))(LOGGING_WARNING, "petspot", &m->env);
    if (failed(m, s, "the runtime did not start", error, size)) return 1;
    s = SLOT(m, CREATE_SESSION_OPTIONS, status_t (*)(void **))(&options);
    if (failed(m, s, "the runtime's options", error, size)) return 1;
    s = SLOT(m, SET_INTRA_OP_THREADS, status_t (*)(void *, int))(options, threads);
    if (s == NULL) s = SLOT(m, SET_INTER_OP_THREADS, status_t (*)(void *, int))(options, 1);
    if (s == NULL) s = SLOT(m, SET_GRAPH_OPTIMIZATION_LEVEL, status_t (*)(void *, int))(options, GRAPH_OPTIMIZE_ALL);
    if (s == NULL)
        s = SLOT(m, CREATE_SESSION, status_t (*)(void *, const char *, void *, void **))(m->env, model_path, options,
                                                                                        &m->session);
    SLOT(m, RELEASE_SESSION_OPTIONS, void (*)(void *))(options);
    if (failed(m, s, "the model did not load", error, size)) return 1;
    s = SLOT(m, CREATE_CPU_MEMORY_INFO, status_t (*)(int, int, void **))(DEVICE_ALLOCATOR, MEMORY_DEFAULT, &m->memory);
    return failed(m, s, "the runtime's memory", error, size);
}

// What a failed open made. The library itself stays loaded: once its runtime has started, ONNX Runtime's
// teardown is not safe to run while the process goes on (or ends) on other threads.
static void release(petspot_looks_model *m) {
    if (m->memory) SLOT(m, RELEASE_MEMORY_INFO, void (*)(void *))(m->memory);
    if (m->session) SLOT(m, RELEASE_SESSION, void (*)(void *))(m->session);
    if (m->env) SLOT(m, RELEASE_ENV, void (*)(void *))(m->env);
    free(m);
}

petspot_looks_model *petspot_looks_open(const char *runtime_path, const char *model_path, int threads, char *error,
                                        size_t error_size) {
    void *library = dlopen(runtime_path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(error, error_size, "ONNX Runtime did not open: %s", dlerror());
        return NULL;
    }
    const api_base_t *(*get_api_base)(void) = (const api_base_t *(*)(void))dlsym(library, "OrtGetApiBase");
    const api_base_t *base = get_api_base ? get_api_base() : NULL;
    const void *api = base ? base->get_api(API_VERSION) : NULL;
    if (api == NULL) {
        snprintf(error, error_size, "%s is not an ONNX Runtime of API version %d or later", runtime_path, API_VERSION);
        dlclose(library);
        return NULL;
    }
    petspot_looks_model *model = calloc(1, sizeof *model);
    model->library = library;
    model->api = (void *const *)api;
    model->version = base->get_version_string();
    if (open_session(model, model_path, threads, error, error_size) != 0) {
        release(model);
        return NULL;
    }
    return model;
}

int petspot_looks_run(petspot_looks_model *m, const float *tensor, float *features, float *logits, char *error,
                      size_t error_size) {
    const int64_t shape[4] = {1, 3, PETSPOT_LOOKS_SIDE, PETSPOT_LOOKS_SIDE};
    size_t bytes = sizeof(float) * 3 * PETSPOT_LOOKS_SIDE * PETSPOT_LOOKS_SIDE;
    void *input = NULL, *outputs[2] = {NULL, NULL};
    status_t s = SLOT(m, CREATE_TENSOR_WITH_DATA, status_t (*)(void *, void *, size_t, const int64_t *, size_t, int,
                                                               void **))(m->memory, (void *)tensor, bytes, shape, 4,
                                                                         ELEMENT_FLOAT, &input);
    if (failed(m, s, "the input", error, error_size)) return 1;
    const char *input_names[1] = {"image"};
    const char *output_names[2] = {"embedding", "logits"};
    const void *inputs[1] = {input};
    s = SLOT(m, RUN, status_t (*)(void *, void *, const char *const *, const void *const *, size_t,
                                  const char *const *, size_t, void **))(m->session, NULL, input_names, inputs, 1,
                                                                        output_names, logits ? 2 : 1, outputs);
    SLOT(m, RELEASE_VALUE, void (*)(void *))(input);
    int result = failed(m, s, "the model did not run", error, error_size);
    float *targets[2] = {features, logits};
    size_t counts[2] = {PETSPOT_LOOKS_FEATURES, PETSPOT_LOOKS_CLASSES};
    for (int i = 0; i < 2; i++) {
        if (outputs[i] == NULL) continue;
        void *data = NULL;
        s = SLOT(m, GET_TENSOR_MUTABLE_DATA, status_t (*)(void *, void **))(outputs[i], &data);
        if (!result && !failed(m, s, "the model's output", error, error_size))
            memcpy(targets[i], data, counts[i] * sizeof(float));
        else
            result = 1;
        SLOT(m, RELEASE_VALUE, void (*)(void *))(outputs[i]);
    }
    return result;
}

const char *petspot_looks_runtime_version(const petspot_looks_model *model) { return model->version; }
