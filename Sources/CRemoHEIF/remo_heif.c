#include "remo_heif.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

// libheif is loaded at the first HEIF file, not with the program: as it loads it sets up
// its decoders (libde265 builds its tables), which made every remo-geom command, HEIF or
// not, start about 3 ms later (best of 40, static build: `--version` in 10.3 ms instead of
// 7.3). It stays loaded.
#define REMO_HEIF_FUNCTIONS(X) \
    X(heif_context_alloc) \
    X(heif_context_free) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_height) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_number_of_thumbnails) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_thumbnail) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_nclx_color_profile_free)

static struct {
#define REMO_HEIF_POINTER(name) __typeof__(name) *name;
    REMO_HEIF_FUNCTIONS(REMO_HEIF_POINTER)
#undef REMO_HEIF_POINTER
} libheif;

static pthread_once_t libheif_once = PTHREAD_ONCE_INIT;
static char libheif_error[256];  // empty when libheif loaded

static void load_libheif_once(void) {
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(libheif_error, sizeof libheif_error, "HEIF needs libheif (libheif.so.1, Debian's libheif1): %s", dlerror());
        return;
    }
#define REMO_HEIF_LOAD(name)                                                                              \
    if (!(libheif.name = (__typeof__(name) *)dlsym(library, #name))) {                                   \
        snprintf(libheif_error, sizeof libheif_error, "the libheif found has no %s: version 1.15 or later needed", #name); \
        return;                                                                                           \
    }
    REMO_HEIF_FUNCTIONS(REMO_HEIF_LOAD)
#undef REMO_HEIF_LOAD
}

// Loads libheif the first time; 0 with a message when it cannot be.
static int load_libheif(char *message, size_t message_size) {
    pthread_once(&libheif_once, load_libheif_once);
    if (libheif_error[0] == 0) return 1;
    snprintf(message, message_size, "%s", libheif_error);
    return 0;
}

// The largest side libheif is allowed to allocate for, before our own pixel check.
#define REMO_HEIF_MAX_SIDE 65535

static int fail(struct heif_error error, char *message, size_t message_size) {
    snprintf(message, message_size, "%s", error.message ? error.message : "libheif error");
    return error.code == heif_error_Memory_allocation_error ? REMO_HEIF_OUT_OF_MEMORY : REMO_HEIF_ERROR;
}

// The context and the primary image's handle, or a status.
static int open_primary(const uint8_t *data, size_t size, struct heif_context **context, struct heif_image_handle **handle,
                        char *message, size_t message_size) {
    *context = NULL;
    *handle = NULL;
    if (!load_libheif(message, message_size)) return REMO_HEIF_ERROR;
    *context = libheif.heif_context_alloc();
    if (!*context) {
        snprintf(message, message_size, "out of memory");
        return REMO_HEIF_OUT_OF_MEMORY;
    }
    libheif.heif_context_set_maximum_image_size_limit(*context, REMO_HEIF_MAX_SIDE);
    struct heif_error error = libheif.heif_context_read_from_memory_without_copy(*context, data, size, NULL);
    if (error.code != heif_error_Ok) return fail(error, message, message_size);
    error = libheif.heif_context_get_primary_image_handle(*context, handle);
    if (error.code != heif_error_Ok) return fail(error, message, message_size);
    return REMO_HEIF_OK;
}

static void close_primary(struct heif_context *context, struct heif_image_handle *handle) {
    if (handle) libheif.heif_image_handle_release(handle);
    if (context) libheif.heif_context_free(context);
}

int remo_heif_header(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    struct heif_context *context;
    struct heif_image_handle *handle;
    int status = open_primary(data, size, &context, &handle, message, message_size);
    if (status == REMO_HEIF_OK) {
        *width = (uint32_t)libheif.heif_image_handle_get_width(handle);
        *height = (uint32_t)libheif.heif_image_handle_get_height(handle);
    }
    close_primary(context, handle);
    return status;
}

static void read_colour(struct heif_image_handle *handle, remo_heif_colour *colour) {
    struct heif_color_profile_nclx *nclx = NULL;
    if (libheif.heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx) {
        colour->has_nclx = 1;
        colour->colour_primaries = (int)nclx->color_primaries;
        colour->transfer = (int)nclx->transfer_characteristics;
    }
    // libheif 1.15 may fill `nclx` and still return an error (an nclx box with values
    // outside its tables): free it whatever the answer. (The HEIC fuzzer found the leak.)
    if (nclx) libheif.heif_nclx_color_profile_free(nclx);
    size_t length = libheif.heif_image_handle_get_raw_color_profile_size(handle);
    if (length > 0 && length < (1u << 24)) {
        colour->icc = malloc(length);
        if (colour->icc && libheif.heif_image_handle_get_raw_color_profile(handle, colour->icc).code == heif_error_Ok) {
            colour->icc_length = (uint32_t)length;
        } else {
            free(colour->icc);
            colour->icc = NULL;
        }
    }
}

static int same_colour(const remo_heif_colour *a, const remo_heif_colour *b) {
    if (a->has_nclx != b->has_nclx || a->icc_length != b->icc_length) return 0;
    if (a->has_nclx && (a->colour_primaries != b->colour_primaries || a->transfer != b->transfer)) return 0;
    return a->icc_length == 0 || memcmp(a->icc, b->icc, a->icc_length) == 0;
}

// The most thumbnails looked at: a real file has one to three.
#define REMO_HEIF_MOST_THUMBNAILS 8

// The smallest thumbnail of `primary` that is at least `min_width` x `min_height` and a
// scaled copy of it, or NULL. A scaled copy, as far as the file tells: smaller, the same
// shape up to rounding (so turned as the primary is, unless it is square), the same alpha,
// and the same colour description or none (taken then to be the primary's), the checks
// pillow-heif makes before it decodes a thumbnail instead of the image.
static struct heif_image_handle *scaled_copy(struct heif_image_handle *primary, const remo_heif_colour *colour,
                                             uint32_t min_width, uint32_t min_height) {
    int count = libheif.heif_image_handle_get_number_of_thumbnails(primary);
    if (count <= 0) return NULL;
    if (count > REMO_HEIF_MOST_THUMBNAILS) count = REMO_HEIF_MOST_THUMBNAILS;
    heif_item_id ids[REMO_HEIF_MOST_THUMBNAILS];
    count = libheif.heif_image_handle_get_list_of_thumbnail_IDs(primary, ids, count);
    uint64_t width = (uint64_t)libheif.heif_image_handle_get_width(primary);
    uint64_t height = (uint64_t)libheif.heif_image_handle_get_height(primary);
    struct heif_image_handle *best = NULL;
    uint64_t best_pixels = 0;
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *thumbnail = NULL;
        if (libheif.heif_image_handle_get_thumbnail(primary, ids[i], &thumbnail).code != heif_error_Ok || !thumbnail) continue;
        uint64_t w = (uint64_t)libheif.heif_image_handle_get_width(thumbnail);
        uint64_t h = (uint64_t)libheif.heif_image_handle_get_height(thumbnail);
        uint64_t skew = w * height > h * width ? w * height - h * width : h * width - w * height;
        remo_heif_colour own = {0};
        read_colour(thumbnail, &own);
        int usable = w >= min_width && h >= min_height && w < width && h < height && skew <= 2 * (width > height ? width : height) &&
                     libheif.heif_image_handle_has_alpha_channel(thumbnail) == libheif.heif_image_handle_has_alpha_channel(primary) &&
                     ((!own.has_nclx && own.icc_length == 0) || same_colour(&own, colour)) && (!best || w * h < best_pixels);
        free(own.icc);
        if (usable) {
            if (best) libheif.heif_image_handle_release(best);
            best = thumbnail;
            best_pixels = w * h;
        } else {
            libheif.heif_image_handle_release(thumbnail);
        }
    }
    return best;
}

// Decodes `handle` into `image`'s pixels, width and height (its other fields untouched).
static int decode_pixels(struct heif_image_handle *handle, int channels, remo_heif_image *image, char *message,
                         size_t message_size) {
    struct heif_decoding_options *options = libheif.heif_decoding_options_alloc();
    options->ignore_transformations = 0;  // libheif rotates, mirrors and crops as the file says
    // Always 8-bit interleaved RGB(A): libheif converts any chroma and bit depth (10-bit
    // iPhone HEIFs included) to it; luma is computed here (it cannot give monochrome).
    struct heif_image *decoded = NULL;
    struct heif_error error = libheif.heif_decode_image(handle, &decoded, heif_colorspace_RGB,
                                                channels == 1 ? heif_chroma_interleaved_RGB : heif_chroma_interleaved_RGBA, options);
    libheif.heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) return fail(error, message, message_size);
    enum heif_channel channel = heif_channel_interleaved;
    int stride = 0;
    const uint8_t *plane = libheif.heif_image_get_plane_readonly(decoded, channel, &stride);
    int plane_width = libheif.heif_image_get_width(decoded, channel);
    int plane_height = libheif.heif_image_get_height(decoded, channel);
    if (!plane || plane_width <= 0 || plane_height <= 0 || libheif.heif_image_get_bits_per_pixel_range(decoded, channel) != 8) {
        snprintf(message, message_size, "libheif gave no 8-bit image plane");
        libheif.heif_image_release(decoded);
        return REMO_HEIF_ERROR;
    }
    size_t row_bytes = (size_t)plane_width * (size_t)channels;
    image->pixels = malloc(row_bytes * (size_t)plane_height);
    if (!image->pixels) {
        libheif.heif_image_release(decoded);
        snprintf(message, message_size, "out of memory");
        return REMO_HEIF_OUT_OF_MEMORY;
    }
    for (int y = 0; y < plane_height; y++) {
        const uint8_t *from = plane + (size_t)y * (size_t)stride;
        uint8_t *to = image->pixels + (size_t)y * row_bytes;
        if (channels == 4) {
            memcpy(to, from, row_bytes);
        } else {  // BT.601 luma, the weights JPEG's Y channel uses
            for (int x = 0; x < plane_width; x++)
                to[x] = (uint8_t)((77 * from[3 * x] + 150 * from[3 * x + 1] + 29 * from[3 * x + 2] + 128) >> 8);
        }
    }
    image->width = (uint32_t)plane_width;
    image->height = (uint32_t)plane_height;
    image->channels = channels;
    libheif.heif_image_release(decoded);
    return REMO_HEIF_OK;
}

int remo_heif_decode(const uint8_t *data, size_t size, uint64_t max_pixels, int channels, uint32_t min_width, uint32_t min_height,
                     remo_heif_image *image, char *message, size_t message_size) {
    memset(image, 0, sizeof *image);
    if (channels != 1 && channels != 4) {
        snprintf(message, message_size, "channels must be 1 or 4");
        return REMO_HEIF_ERROR;
    }
    struct heif_context *context;
    struct heif_image_handle *handle;
    int status = open_primary(data, size, &context, &handle, message, message_size);
    if (status != REMO_HEIF_OK) {
        close_primary(context, handle);
        return status;
    }
    uint32_t width = (uint32_t)libheif.heif_image_handle_get_width(handle);
    uint32_t height = (uint32_t)libheif.heif_image_handle_get_height(handle);
    if ((uint64_t)width * height > max_pixels) {
        snprintf(message, message_size, "the HEIF image is %u x %u pixels, over the limit of %llu", width, height,
                 (unsigned long long)max_pixels);
        close_primary(context, handle);
        return REMO_HEIF_TOO_LARGE;
    }
    read_colour(handle, &image->colour);
    struct heif_image_handle *thumbnail = min_width && min_height ? scaled_copy(handle, &image->colour, min_width, min_height) : NULL;
    if (thumbnail) {
        status = decode_pixels(thumbnail, channels, image, message, message_size);
        libheif.heif_image_handle_release(thumbnail);
        // Decoded as large as its header said; else (or when it does not decode) the image
        // is decoded, as for a file without a thumbnail.
        if (status == REMO_HEIF_OK && image->width >= min_width && image->height >= min_height) {
            image->source_width = width;
            image->source_height = height;
            image->from_thumbnail = 1;
            close_primary(context, handle);
            return REMO_HEIF_OK;
        }
        free(image->pixels);
        image->pixels = NULL;
    }
    status = decode_pixels(handle, channels, image, message, message_size);
    // The image's size as decoded, which a file's header may misstate.
    image->source_width = image->width;
    image->source_height = image->height;
    close_primary(context, handle);
    if (status != REMO_HEIF_OK) remo_heif_free_image(image);
    return status;
}

void remo_heif_free_image(remo_heif_image *image) {
    free(image->pixels);
    free(image->colour.icc);
    image->pixels = NULL;
    image->colour.icc = NULL;
}
