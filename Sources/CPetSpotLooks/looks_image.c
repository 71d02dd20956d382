// Photos decoded by the system's libraries, opened at run time: libturbojpeg, libpng's simplified API and
// libwebp. The few declarations below are those libraries' documented C interfaces.
#include "petspot_looks.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TURBOJPEG_RGB = 0, PNG_IMAGE_VERSION = 1, PNG_FORMAT_RGB = 2 };

typedef struct {
    void *opaque;
    uint32_t version, width, height, format, flags, colormap_entries, warning_or_error;
    char message[64];
} png_image_t;

static struct {
    void *(*tj_init)(void);
    int (*tj_header)(void *, const uint8_t *, unsigned long, int *, int *, int *, int *);
    int (*tj_decompress)(void *, const uint8_t *, unsigned long, uint8_t *, int, int, int, int, int);
    int (*tj_destroy)(void *);
    char *(*tj_error)(void *);
    int (*png_begin)(png_image_t *, const void *, size_t);
    int (*png_finish)(png_image_t *, const void *, void *, int32_t, void *);
    void (*png_free)(png_image_t *);
    int (*webp_info)(const uint8_t *, size_t, int *, int *);
    uint8_t *(*webp_decode)(const uint8_t *, size_t, int *, int *);
    void (*webp_free)(void *);
    int decoders;
} lib;

static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void *open_first(const char *a, const char *b) {
    void *handle = dlopen(a, RTLD_NOW | RTLD_LOCAL);
    return handle ? handle : dlopen(b, RTLD_NOW | RTLD_LOCAL);
}

static void open_decoders(void) {
    void *jpeg = open_first("libturbojpeg.so.0", "libturbojpeg.so");
    if (jpeg) {
        *(void **)&lib.tj_init = dlsym(jpeg, "tjInitDecompress");
        *(void **)&lib.tj_header = dlsym(jpeg, "tjDecompressHeader3");
        *(void **)&lib.tj_decompress = dlsym(jpeg, "tjDecompress2");
        *(void **)&lib.tj_destroy = dlsym(jpeg, "tjDestroy");
        *(void **)&lib.tj_error = dlsym(jpeg, "tjGetErrorStr2");
        if (lib.tj_init && lib.tj_header && lib.tj_decompress && lib.tj_destroy && lib.tj_error) lib.decoders |= 1;
    }
    void *png = open_first("libpng16.so.16", "libpng16.so");
    if (png) {
        *(void **)&lib.png_begin = dlsym(png, "png_image_begin_read_from_memory");
        *(void **)&lib.png_finish = dlsym(png, "png_image_finish_read");
        *(void **)&lib.png_free = dlsym(png, "png_image_free");
        if (lib.png_begin && lib.png_finish && lib.png_free) lib.decoders |= 2;
    }
    void *webp = open_first("libwebp.so.7", "libwebp.so");
    if (webp) {
        *(void **)&lib.webp_info = dlsym(webp, "WebPGetInfo");
        *(void **)&lib.webp_decode = dlsym(webp, "WebPDecodeRGB");
        *(void **)&lib.webp_free = dlsym(webp, "WebPFree");
        if (lib.webp_info && lib.webp_decode && lib.webp_free) lib.decoders |= 4;
    }
}

int petspot_image_decoders(void) {
    pthread_once(&opened, open_decoders);
    return lib.decoders;
}

static int too_large(int width, int height, char *error, size_t size) {
    if (width > 0 && height > 0 && (int64_t)width * height <= PETSPOT_LOOKS_MAX_PIXELS) return 0;
    snprintf(error, size, "the photo's size (%d × %d) is out of range", width, height);
    return 1;
}

static uint16_t read16(const uint8_t *p, int little) { return little ? p[0] | p[1] << 8 : p[0] << 8 | p[1]; }
static uint32_t read32(const uint8_t *p, int little) {
    return little ? (uint32_t)read16(p, 1) | (uint32_t)read16(p + 2, 1) << 16
                  : (uint32_t)read16(p, 0) << 16 | read16(p + 2, 0);
}

/// The EXIF orientation (1–8) of a JPEG, 1 when it has none.
static int jpeg_orientation(const uint8_t *d, size_t size) {
    size_t at = 2;
    while (at + 4 <= size && d[at] == 0xFF) {
        int marker = d[at + 1];
        size_t length = (size_t)d[at + 2] << 8 | d[at + 3];
        if (marker == 0xDA || length < 2 || at + 2 + length > size) break;
        const uint8_t *seg = d + at + 4;
        size_t n = length - 2;
        if (marker == 0xE1 && n >= 14 && memcmp(seg, "Exif\0\0", 6) == 0) {
            const uint8_t *tiff = seg + 6;
            size_t tiff_size = n - 6;
            int little = tiff[0] == 'I';
            uint32_t ifd = read32(tiff + 4, little);
            if (ifd + 2 > tiff_size) return 1;
            int entries = read16(tiff + ifd, little);
            for (int i = 0; i < entries && ifd + 2 + 12 * (size_t)(i + 1) <= tiff_size; i++) {
                const uint8_t *entry = tiff + ifd + 2 + 12 * i;
                if (read16(entry, little) != 0x0112) continue;
                int value = read16(entry + 8, little);
                return value >= 1 && value <= 8 ? value : 1;
            }
            return 1;
        }
        at += 2 + length;
    }
    return 1;
}

/// Turns pixels upright: for each place in the upright picture, the place it comes from in the stored one.
static int orient(petspot_image *image, int orientation) {
    if (orientation == 1) return 0;
    int w = image->width, h = image->height, swap = orientation >= 5;
    int ow = swap ? h : w, oh = swap ? w : h;
    uint8_t *out = malloc((size_t)ow * oh * 3);
    if (out == NULL) return 1;
    for (int y = 0; y < oh; y++) {
        for (int x = 0; x < ow; x++) {
            int sx, sy;
            switch (orientation) {
            case 2: sx = w - 1 - x; sy = y; break;
            case 3: sx = w - 1 - x; sy = h - 1 - y; break;
            case 4: sx = x; sy = h - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = h - 1 - x; break;
            case 7: sx = w - 1 - y; sy = h - 1 - x; break;
            default: sx = w - 1 - y; sy = x; break;
            }
            memcpy(out + ((size_t)y * ow + x) * 3, image->pixels + ((size_t)sy * w + sx) * 3, 3);
        }
    }
    free(image->pixels);
    image->pixels = out;
    image->width = ow;
    image->height = oh;
    return 0;
}

static int decode_jpeg(const uint8_t *data, size_t size, int min_side, petspot_image *out, char *error, size_t es) {
    void *tj = lib.tj_init();
    int w = 0, h = 0, subsampling, colorspace;
    if (tj == NULL || lib.tj_header(tj, data, size, &w, &h, &subsampling, &colorspace) != 0 ||
        too_large(w, h, error, es)) {
        if (tj && !error[0]) snprintf(error, es, "the JPEG did not decode: %s", lib.tj_error(tj));
        if (tj) lib.tj_destroy(tj);
        return 1;
    }
    int eighths = 8, shorter = w < h ? w : h;
    while (eighths > 1 && (shorter * (eighths - 1) + 7) / 8 >= min_side) eighths--;
    out->width = (w * eighths + 7) / 8;
    out->height = (h * eighths + 7) / 8;
    out->pixels = malloc((size_t)out->width * out->height * 3);
    int failed = out->pixels == NULL ||
                 lib.tj_decompress(tj, data, size, out->pixels, out->width, 0, out->height, TURBOJPEG_RGB, 0) != 0;
    if (failed) snprintf(error, es, "the JPEG did not decode: %s", lib.tj_error(tj));
    lib.tj_destroy(tj);
    if (!failed && orient(out, jpeg_orientation(data, size)) != 0) failed = 1;
    return failed;
}

static int decode_png(const uint8_t *data, size_t size, petspot_image *out, char *error, size_t es) {
    png_image_t png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    const uint8_t white[3] = {255, 255, 255};
    if (!lib.png_begin(&png, data, size) || too_large((int)png.width, (int)png.height, error, es)) {
        if (!error[0]) snprintf(error, es, "the PNG did not decode: %s", png.message);
        lib.png_free(&png);
        return 1;
    }
    png.format = PNG_FORMAT_RGB;
    out->width = (int)png.width;
    out->height = (int)png.height;
    out->pixels = malloc((size_t)out->width * out->height * 3);
    if (out->pixels == NULL || !lib.png_finish(&png, white, out->pixels, 0, NULL)) {
        snprintf(error, es, "the PNG did not decode: %s", png.message);
        lib.png_free(&png);
        return 1;
    }
    return 0;
}

static int decode_webp(const uint8_t *data, size_t size, petspot_image *out, char *error, size_t es) {
    int w = 0, h = 0;
    if (!lib.webp_info(data, size, &w, &h) || too_large(w, h, error, es)) {
        if (!error[0]) snprintf(error, es, "the WebP did not decode");
        return 1;
    }
    uint8_t *pixels = lib.webp_decode(data, size, &out->width, &out->height);
    if (pixels == NULL) {
        snprintf(error, es, "the WebP did not decode");
        return 1;
    }
    out->pixels = malloc((size_t)out->width * out->height * 3);
    if (out->pixels) memcpy(out->pixels, pixels, (size_t)out->width * out->height * 3);
    lib.webp_free(pixels);
    return out->pixels == NULL;
}

int petspot_image_decode(const uint8_t *data, size_t size, int min_side, petspot_image *out, char *error,
                         size_t error_size) {
    int decoders = petspot_image_decoders();
    memset(out, 0, sizeof *out);
    error[0] = 0;
    int result = 1;
    if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF && (decoders & 1))
        result = decode_jpeg(data, size, min_side, out, error, error_size);
    else if (size >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0 && (decoders & 2))
        result = decode_png(data, size, out, error, error_size);
    else if (size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0 && (decoders & 4))
        result = decode_webp(data, size, out, error, error_size);
    else
        snprintf(error, error_size, "photos of this type are not compared");
    if (result != 0) petspot_image_free(out);
    return result;
}

void petspot_image_free(petspot_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

void petspot_image_tensor(const petspot_image *image, float *tensor) {
    const int side = PETSPOT_LOOKS_SIDE, w = image->width, h = image->height;
    const double scale = (double)(w < h ? w : h) / side;
    const double left = (w - side * scale) / 2, top = (h - side * scale) / 2;
    const size_t plane = (size_t)side * side;
    for (int y = 0; y < side; y++) {
        int y0 = (int)(top + y * scale), y1 = (int)(top + (y + 1) * scale);
        if (y1 <= y0) y1 = y0 + 1;
        if (y1 > h) y1 = h;
        for (int x = 0; x < side; x++) {
            int x0 = (int)(left + x * scale), x1 = (int)(left + (x + 1) * scale);
            if (x1 <= x0) x1 = x0 + 1;
            if (x1 > w) x1 = w;
            double sum[3] = {0, 0, 0};
            for (int sy = y0; sy < y1; sy++) {
                const uint8_t *row = image->pixels + ((size_t)sy * w + x0) * 3;
                for (int sx = x0; sx < x1; sx++, row += 3) {
                    sum[0] += row[0];
                    sum[1] += row[1];
                    sum[2] += row[2];
                }
            }
            double count = (double)(y1 - y0) * (x1 - x0);
            for (int c = 0; c < 3; c++) tensor[c * plane + (size_t)y * side + x] = (float)((sum[c] / count - 127) / 128);
        }
    }
}
