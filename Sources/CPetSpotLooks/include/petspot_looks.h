// PetSpot's look-alikes engine, in C: it decodes a photo, turns it into the model's input and runs the model.
// Every library it uses (ONNX Runtime, libturbojpeg, libpng, libwebp) is opened at run time with dlopen, so the
// package builds on a machine without them and the server runs there with look-alikes off.
#ifndef PETSPOT_LOOKS_H
#define PETSPOT_LOOKS_H

#include <stddef.h>
#include <stdint.h>

enum {
    PETSPOT_LOOKS_SIDE = 224,
    PETSPOT_LOOKS_FEATURES = 1280,
    PETSPOT_LOOKS_CLASSES = 1000,
    PETSPOT_LOOKS_MAX_PIXELS = 60000000,
};

typedef struct petspot_looks_model petspot_looks_model;

/// Opens ONNX Runtime from `runtime_path` and the model at `model_path`, run on `threads` threads.
/// NULL, with a sentence in `error`, when either cannot be opened.
petspot_looks_model *petspot_looks_open(const char *runtime_path, const char *model_path, int threads, char *error,
                                        size_t error_size);
/// Runs the model on one input tensor (3 × 224 × 224); writes the 1,280 features and, unless NULL, the 1,000
/// class scores. 0 on success. One model may run on several threads at once.
int petspot_looks_run(petspot_looks_model *model, const float *tensor, float *features, float *logits, char *error,
                      size_t error_size);
/// The runtime's version, e.g. "1.32.0".
const char *petspot_looks_runtime_version(const petspot_looks_model *model);

/// A decoded photo: RGB bytes, row after row, upright.
typedef struct {
    uint8_t *pixels;
    int width;
    int height;
} petspot_image;

/// Which decoders opened; a bit each: 1 JPEG, 2 PNG, 4 WebP.
int petspot_image_decoders(void);
/// Decodes a JPEG (turned upright by its EXIF orientation), PNG or WebP. A JPEG is decoded at the smallest
/// scale whose shorter side is still at least `min_side`. 0 on success; the caller frees with petspot_image_free.
int petspot_image_decode(const uint8_t *data, size_t size, int min_side, petspot_image *out, char *error,
                         size_t error_size);
void petspot_image_free(petspot_image *image);
/// The model's input: the shorter side scaled to 224 by averaging, the centre square kept, each byte v written
/// as (v - 127) / 128, one plane per colour.
void petspot_image_tensor(const petspot_image *image, float *tensor);

#endif
