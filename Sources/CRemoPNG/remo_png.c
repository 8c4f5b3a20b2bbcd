#include "remo_png.h"
#include "remo_png_stripes.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// Where a reader's bytes come from: memory holding the whole file, or an open file read a
/// window at a time, so that a file being decoded is not also held whole.
typedef struct {
    const uint8_t *data;  // the whole file, or NULL to read `fd`
    int fd;
    size_t size;
    size_t offset;        // where libpng reads next
    uint8_t *window;      // a file's bytes from window_start, window_length of them
    size_t window_start;
    size_t window_length;
} byte_source;

/// A file is read in windows of this many bytes: a few dozen chunk headers at once.
#define WINDOW_BYTES ((size_t)64 << 10)

/// `length` bytes at `at` (at most WINDOW_BYTES from a file), valid until the next call;
/// NULL when the source holds fewer: past its end, or a file that shrank or failed.
static const uint8_t *source_bytes(byte_source *s, size_t at, size_t length) {
    if (at > s->size || length > s->size - at) return NULL;
    if (s->data) return s->data + at;
    if (length > WINDOW_BYTES) return NULL;
    if (at < s->window_start || at + length > s->window_start + s->window_length) {
        size_t wanted = s->size - at < WINDOW_BYTES ? s->size - at : WINDOW_BYTES, got = 0;
        while (got < wanted) {
            ssize_t n = pread(s->fd, s->window + got, wanted - got, (off_t)(at + got));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            got += (size_t)n;
        }
        s->window_start = at;
        s->window_length = got;
        if (got < length) return NULL;
    }
    return s->window + (at - s->window_start);
}

typedef struct {
    char *message;
    size_t message_size;
} error_sink;

static void on_error(png_structp png, png_const_charp text) {
    error_sink *sink = (error_sink *)png_get_error_ptr(png);
    if (sink && sink->message && sink->message_size) snprintf(sink->message, sink->message_size, "%s", text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;  // warnings (such as a bad iCCP) do not stop decoding
}

static void read_source(png_structp png, png_bytep out, png_size_t length) {
    byte_source *source = (byte_source *)png_get_io_ptr(png);
    while (length > 0) {
        size_t piece = length < WINDOW_BYTES ? length : WINDOW_BYTES;
        const uint8_t *bytes = source_bytes(source, source->offset, piece);
        if (!bytes) png_error(png, "the file is truncated");
        memcpy(out, bytes, piece);
        out += piece;
        source->offset += piece;
        length -= piece;
    }
}

void remo_png_free_info(remo_png_info *info) {
    if (!info) return;
    free(info->colour.iccp);
    info->colour.iccp = NULL;
}

int remo_png_header(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height) {
    if (size < 24 || png_sig_cmp(data, 0, 8) != 0 || memcmp(data + 12, "IHDR", 4) != 0) return REMO_PNG_ERROR;
    *width = ((uint32_t)data[16] << 24) | ((uint32_t)data[17] << 16) | ((uint32_t)data[18] << 8) | data[19];
    *height = ((uint32_t)data[20] << 24) | ((uint32_t)data[21] << 16) | ((uint32_t)data[22] << 8) | data[23];
    return REMO_PNG_OK;
}

/* Every chunk up to IEND must lie within the data. A length past the end is truncation,
   said here before libpng sees it: libpng treats a length over the chunk limit as a
   benign error (a warning when reading) and allocates a buffer of that size, 2 GB for a
   141-byte file declaring a 2^31 - 1 byte text chunk. */
static int chunks_fit(byte_source *source, char *message, size_t message_size) {
    size_t offset = 8, size = source->size;
    while (size - offset >= 8) {
        const uint8_t *p = source_bytes(source, offset, 8);
        if (!p) {
            snprintf(message, message_size, "the file is truncated (it shrank while it was read)");
            return 0;
        }
        uint32_t length = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
        size_t remaining = size - offset - 8;
        if ((uint64_t)length + 4 > remaining) {
            snprintf(message, message_size, "the file is truncated (a chunk declares %u bytes where %zu remain)", length,
                     remaining >= 4 ? remaining - 4 : 0);
            return 0;
        }
        if (memcmp(p + 4, "IEND", 4) == 0) return 1;
        offset += 12 + (size_t)length;
    }
    return 1; /* what is missing, libpng reports */
}

/* One PNG being read. libpng's errors longjmp: every function below that calls libpng sets
   its own jump point first, so a jump never crosses a frame of its caller's; after an error
   the reader only answers with that error, until it is closed. */
struct remo_png_reader {
    png_structp png;
    png_infop info;
    byte_source source;
    error_sink sink;
    png_uint_32 width;
    png_uint_32 height;
    int interlaced;
    png_uint_32 rows_done;
    int failed;
};

void remo_png_close(remo_png_reader *reader) {
    if (!reader) return;
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    free(reader->source.window);
    free(reader);
}

/* The pixel limit and the side limit, from IHDR (always the first chunk), before libpng reads on. */
static int within_limits(byte_source *source, uint64_t max_pixels, char *message, size_t message_size) {
    const uint8_t *data = source_bytes(source, 0, 24);
    if (!data || memcmp(data + 12, "IHDR", 4) != 0) return 1; /* what is wrong, libpng reports */
    uint64_t w = ((uint64_t)data[16] << 24) | ((uint64_t)data[17] << 16) | ((uint64_t)data[18] << 8) | data[19];
    uint64_t h = ((uint64_t)data[20] << 24) | ((uint64_t)data[21] << 16) | ((uint64_t)data[22] << 8) | data[23];
    if (w * h > max_pixels) {
        snprintf(message, message_size, "the image is %llu x %llu = %llu pixels, above the limit of %llu", (unsigned long long)w,
                 (unsigned long long)h, (unsigned long long)(w * h), (unsigned long long)max_pixels);
        return 0;
    }
    if (w > REMO_PNG_MAX_SIDE || h > REMO_PNG_MAX_SIDE) {
        snprintf(message, message_size, "the image is %llu x %llu pixels: a PNG side may be at most %d", (unsigned long long)w,
                 (unsigned long long)h, REMO_PNG_MAX_SIDE);
        return 0;
    }
    return 1;
}

/* The colour chunks, kept as they are. */
static int read_colour(png_structp png, png_infop info, remo_png_colour *colour) {
    int intent;
    if (png_get_sRGB(png, info, &intent)) {
        colour->has_srgb = 1;
        colour->srgb_intent = intent;
    }
    png_fixed_point gama;
    if (png_get_gAMA_fixed(png, info, &gama)) {
        colour->has_gama = 1;
        colour->gama = (uint32_t)gama;
    }
    png_fixed_point c[8];
    if (png_get_cHRM_fixed(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7])) {
        colour->has_chrm = 1;
        for (int i = 0; i < 8; i++) colour->chrm[i] = c[i];
    }
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 profile_length;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) && profile_length > 0) {
        colour->iccp = malloc(profile_length);
        if (!colour->iccp) return 0;
        memcpy(colour->iccp, profile, profile_length);
        colour->iccp_length = profile_length;
        snprintf(colour->iccp_name, sizeof(colour->iccp_name), "%s", name);
        colour->has_iccp = 1;
    }
    return 1;
}

static int open_source(byte_source source, uint64_t max_pixels, remo_png_reader **opened, remo_png_info *about,
                       char *message, size_t message_size);

int remo_png_open(const uint8_t *data, size_t size, uint64_t max_pixels, remo_png_reader **opened, remo_png_info *about,
                  char *message, size_t message_size) {
    return open_source((byte_source){.data = data, .fd = -1, .size = size}, max_pixels, opened, about, message, message_size);
}

int remo_png_open_file(int fd, size_t size, uint64_t max_pixels, remo_png_reader **opened, remo_png_info *about,
                       char *message, size_t message_size) {
    byte_source source = {.fd = fd, .size = size, .window = malloc(WINDOW_BYTES)};
    if (!source.window) {
        *opened = NULL;
        memset(about, 0, sizeof(*about));
        snprintf(message, message_size, "out of memory for the read buffer");
        return REMO_PNG_OUT_OF_MEMORY;
    }
    return open_source(source, max_pixels, opened, about, message, message_size);
}

/// remo_png_open's work for either source. It owns the source's window: the reader keeps
/// it, and it is freed with the reader or on failure.
static int open_source(byte_source source, uint64_t max_pixels, remo_png_reader **opened, remo_png_info *about,
                       char *message, size_t message_size) {
    *opened = NULL;
    memset(about, 0, sizeof(*about));
    if (message_size) message[0] = 0;
    int refused = REMO_PNG_OK;
    const uint8_t *signature = source_bytes(&source, 0, 8);
    if (!signature || png_sig_cmp(signature, 0, 8) != 0) {
        snprintf(message, message_size, "not a PNG file (the signature is missing or wrong)");
        refused = REMO_PNG_ERROR;
    } else if (!within_limits(&source, max_pixels, message, message_size)) {
        refused = REMO_PNG_TOO_LARGE;
    } else if (!chunks_fit(&source, message, message_size)) {
        refused = REMO_PNG_ERROR;
    }
    remo_png_reader *reader = refused == REMO_PNG_OK ? calloc(1, sizeof(*reader)) : NULL;
    if (!reader) {
        free(source.window);
        return refused == REMO_PNG_OK ? REMO_PNG_OUT_OF_MEMORY : refused;
    }
    reader->source = source;
    reader->sink = (error_sink){message, message_size};
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->sink, on_error, on_warning);
    if (reader->png) reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        remo_png_close(reader);
        return REMO_PNG_OUT_OF_MEMORY;
    }
    png_structp png = reader->png;
    png_infop info = reader->info;
    // Volatile: changed after setjmp and read after a longjmp.
    volatile int status = REMO_PNG_ERROR;
    if (setjmp(png_jmpbuf(png))) {
        remo_png_free_info(about);
        remo_png_close(reader);
        return status;
    }
    png_set_read_fn(png, &reader->source, read_source);
    // Limits before anything large is allocated: 2^31 per side, and ancillary chunks
    // (such as iCCP) of at most 16 MiB.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_malloc_max(png, 16 << 20);
    // At most 100 ancillary chunks kept (text, sPLT, unknown), and text never read: the
    // annotation does not use it, and it is where large or compressed payloads hide.
    png_set_chunk_cache_max(png, 100);
    static const png_byte text_chunks[] = {'t', 'E', 'X', 't', 0, 'z', 'T', 'X', 't', 0, 'i', 'T', 'X', 't', 0};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
    png_read_info(png, info);

    png_uint_32 width, height;
    int bit_depth, colour_type, interlace;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &colour_type, &interlace, NULL, NULL);
    about->width = reader->width = width;
    about->height = reader->height = height;
    about->bit_depth = bit_depth;
    about->colour_type = colour_type;
    about->interlaced = reader->interlaced = interlace != PNG_INTERLACE_NONE;
    about->had_transparency = (colour_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    if (!read_colour(png, info, &about->colour)) {
        status = REMO_PNG_OUT_OF_MEMORY;
        png_longjmp(png, 1);
    }

    // To 8-bit RGBA, samples as stored: palettes and low bit depths expanded, tRNS to
    // alpha, 16 bits scaled accurately (v * 255 / 65535, rounded), no gamma.
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    if (reader->interlaced) png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        snprintf(message, message_size, "unexpected row layout after conversion");
        png_longjmp(png, 1);
    }
    *opened = reader;
    return REMO_PNG_OK;
}

int remo_png_read_rows(remo_png_reader *reader, uint8_t *out, uint32_t count, char *message, size_t message_size) {
    if (message_size) message[0] = 0;
    if (reader->failed) {
        snprintf(message, message_size, "the PNG could not be read further after an earlier error");
        return REMO_PNG_ERROR;
    }
    uint32_t remaining = reader->height - reader->rows_done;
    if (count > remaining) count = remaining;
    if (reader->interlaced && !(reader->rows_done == 0 && count == reader->height)) {
        snprintf(message, message_size, "an interlaced PNG is read whole");
        return REMO_PNG_ERROR;
    }
    reader->sink = (error_sink){message, message_size};
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(reader->png))) {
        free(rows);
        reader->failed = 1;
        return REMO_PNG_ERROR;
    }
    size_t row_bytes = (size_t)reader->width * 4;
    if (reader->interlaced) {
        rows = malloc(sizeof(png_bytep) * count);
        if (!rows) {
            snprintf(message, message_size, "out of memory for the row table of a %u-row image", reader->height);
            reader->failed = 1;
            return REMO_PNG_OUT_OF_MEMORY;
        }
        for (uint32_t y = 0; y < count; y++) rows[y] = out + (size_t)y * row_bytes;
        png_read_image(reader->png, rows);
        free(rows);
        rows = NULL;
    } else {
        for (uint32_t y = 0; y < count; y++) png_read_row(reader->png, out + (size_t)y * row_bytes, NULL);
    }
    reader->rows_done += count;
    // Past the last row: the chunks after the image data, and the data's own checks.
    if (count > 0 && reader->rows_done == reader->height) png_read_end(reader->png, NULL);
    return REMO_PNG_OK;
}

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} memory_writer;

static void write_memory(png_structp png, png_bytep bytes, png_size_t length) {
    memory_writer *writer = (memory_writer *)png_get_io_ptr(png);
    if (writer->size + length > writer->capacity) {
        size_t capacity = writer->capacity ? writer->capacity : 1 << 16;
        while (capacity < writer->size + length) capacity *= 2;
        uint8_t *grown = realloc(writer->data, capacity);
        if (!grown) png_error(png, "out of memory while encoding");
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->size, bytes, length);
    writer->size += length;
}

static void flush_memory(png_structp png) { (void)png; }

size_t remo_png_pieces_size(const remo_png_pieces *pieces) {
    size_t total = 0;
    for (size_t i = 0; i < pieces->count; i++) total += pieces->size[i];
    return total;
}

void remo_png_pieces_move(remo_png_pieces *pieces, uint8_t *destination) {
    for (size_t i = 0; i < pieces->count; i++) {
        memcpy(destination, pieces->data[i], pieces->size[i]);
        destination += pieces->size[i];
        free(pieces->data[i]);
        pieces->data[i] = NULL;
    }
    pieces->count = 0;
}

void remo_png_pieces_free(remo_png_pieces *pieces) {
    for (size_t i = 0; i < pieces->count; i++) free(pieces->data[i]);
    pieces->count = 0;
}

static int encode(const remo_png_samples *samples, const remo_png_colour *colour, int level, remo_png_pieces *output,
                  char *message, size_t message_size);

int remo_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int write_alpha, const remo_png_colour *colour,
                    int level, remo_png_pieces *output, char *message, size_t message_size) {
    remo_png_samples samples = {rgba, width, height, write_alpha ? REMO_SAMPLES_RGBA : REMO_SAMPLES_RGB_FROM_RGBA, NULL, NULL};
    return encode(&samples, colour, level, output, message, message_size);
}

int remo_png_encode_rows(remo_png_row_source next_row, void *context, uint32_t width, uint32_t height, int write_alpha,
                         const remo_png_colour *colour, int level, remo_png_pieces *output, char *message,
                         size_t message_size) {
    remo_png_samples samples = {NULL, width, height, write_alpha ? REMO_SAMPLES_RGBA : REMO_SAMPLES_RGB_FROM_RGBA, next_row,
                                context};
    return encode(&samples, colour, level, output, message, message_size);
}

int remo_png_encode_grey(const uint8_t *grey, uint32_t width, uint32_t height, int level, remo_png_pieces *output,
                         char *message, size_t message_size) {
    remo_png_samples samples = {grey, width, height, REMO_SAMPLES_GREY, NULL, NULL};
    return encode(&samples, NULL, level, output, message, message_size);
}

/// libpng writes the signature and the header and colour chunks (it checks them and
/// compresses the profile); the image data is remo_png_stripes.c's.
static int encode(const remo_png_samples *samples, const remo_png_colour *colour, int level, remo_png_pieces *output,
                  char *message, size_t message_size) {
    memset(output, 0, sizeof *output);
    if (message_size) message[0] = 0;
    error_sink sink = {message, message_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    if (!png) return REMO_PNG_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return REMO_PNG_OUT_OF_MEMORY;
    }
    memory_writer writer = {NULL, 0, 0};
    if (setjmp(png_jmpbuf(png))) {
        free(writer.data);
        png_destroy_write_struct(&png, &info);
        return REMO_PNG_ERROR;
    }
    png_set_write_fn(png, &writer, write_memory, flush_memory);
    int colour_type = samples->layout == REMO_SAMPLES_RGBA
                          ? PNG_COLOR_TYPE_RGBA
                          : (samples->layout == REMO_SAMPLES_GREY ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB);
    png_set_IHDR(png, info, samples->width, samples->height, 8, colour_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (colour) {
        if (colour->has_iccp && colour->iccp)
            png_set_iCCP(png, info, colour->iccp_name[0] ? colour->iccp_name : "ICC profile", PNG_COMPRESSION_TYPE_BASE,
                         colour->iccp, colour->iccp_length);
        if (colour->has_srgb) png_set_sRGB(png, info, colour->srgb_intent);
        if (colour->has_gama) png_set_gAMA_fixed(png, info, (png_fixed_point)colour->gama);
        if (colour->has_chrm)
            png_set_cHRM_fixed(png, info, colour->chrm[0], colour->chrm[1], colour->chrm[2], colour->chrm[3], colour->chrm[4],
                               colour->chrm[5], colour->chrm[6], colour->chrm[7]);
    }
    png_write_info(png, info);
    png_destroy_write_struct(&png, &info);
    output->data[0] = writer.data;
    output->size[0] = writer.size;
    output->count = 1;
    int status = remo_png_idat_chunks(samples, level, output);
    static const uint8_t end[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    uint8_t *trailer = status == REMO_PNG_OK ? malloc(sizeof end) : NULL;
    if (status == REMO_PNG_OK && !trailer) status = REMO_PNG_OUT_OF_MEMORY;
    if (status != REMO_PNG_OK) {
        remo_png_pieces_free(output);
        snprintf(message, message_size, "%s",
                 status == REMO_PNG_TOO_LARGE     ? "the image is too large to encode"
                 : status == REMO_PNG_STOPPED     ? "the image's rows stopped before its end"
                 : status == REMO_PNG_ERROR       ? "zlib failed while compressing the image"
                                                  : "out of memory while encoding");
        return status;
    }
    memcpy(trailer, end, sizeof end);
    output->data[output->count] = trailer;
    output->size[output->count] = sizeof end;
    output->count++;
    return REMO_PNG_OK;
}
