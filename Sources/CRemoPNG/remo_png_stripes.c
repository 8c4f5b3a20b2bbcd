// The image data of an encoded PNG: its rows filtered and deflated in horizontal stripes,
// one thread per stripe, joined into the one zlib stream that the IDAT chunks hold. Rows
// that a source gives one at a time (an image never held whole) are compressed in stripes
// of a few megabytes one after another, on the calling thread, as they come.
//
// Why not libpng's png_write_row: libpng filters and deflates on the calling thread, and
// rendering a 12-megapixel PNG spent 70 % of its time in zlib's deflate. Each stripe here
// is a raw deflate stream ended by a sync flush (an empty stored block, so the stripes'
// bytes laid end to end are one valid stream) except the last, which ends the stream;
// the stripes' Adler-32s are joined with zlib's adler32_combine. pigz splits its input
// the same way. Each stripe starts with an empty window, which costs a few hundred bytes
// per stripe. The filters and their choice (the least sum of absolute differences) are
// the PNG specification's and libpng's heuristic.
//
// The fast setting is zlib's level 1 with run-length matching and a choice of Sub or Up for
// each row: on photos about twice as fast as trying all five filters at level 2, and its
// files are no larger. libdeflate's level 1 was tried in zlib's place: on a noisy
// 12-megapixel photo no faster and 4 % larger, on a smooth one 20 % faster and 4 % smaller,
// but it compresses only whole buffers, so it held the filtered image and the compressed
// bound besides the picture (docs/performance.md).

#include "remo_png_stripes.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/// Below this many bytes of filtered data per stripe a thread costs more than it saves.
#define SMALLEST_STRIPE (2u << 20)
/// The filtered bytes of each stripe of a row source: the PNG's pieces are joined by
/// copying, so the largest is held twice while it is copied.
#define STREAMED_STRIPE (8u << 20)
/// Above this a stripe's compressed bytes might not fit one chunk (2^31 - 1 bytes).
#define LARGEST_STRIPE ((size_t)256 << 20)
#define MOST_THREADS 8

enum { FILTER_NONE, FILTER_SUB, FILTER_UP, FILTER_AVERAGE, FILTER_PAETH, FILTER_COUNT };

typedef struct {
    const remo_png_samples *samples;
    int level;
    uint32_t first_row, end_row;
    int last;
    size_t reserved;   // bytes left free at the start of `out` (the chunk's length and type)
    uint8_t *out;
    size_t size;       // bytes written after `reserved`
    size_t capacity;   // bytes `out` holds after `reserved`
    uLong adler;       // of the filtered bytes this stripe fed
    size_t fed;        // how many
    int status;        // REMO_PNG_OK or REMO_PNG_OUT_OF_MEMORY or REMO_PNG_ERROR
} stripe;

static size_t channels_out(const remo_png_samples *s) { return s->layout == REMO_SAMPLES_RGBA ? 4 : (s->layout == REMO_SAMPLES_GREY ? 1 : 3); }

/// Row `y` as written (RGBA or grey as given, RGB taken from RGBA) into `row`; 0 when a
/// row source gave none.
static int take_row(const remo_png_samples *s, uint32_t y, uint8_t *row) {
    size_t width = s->width;
    size_t channels_in = s->layout == REMO_SAMPLES_GREY ? 1 : 4;
    const uint8_t *in = s->next_row ? s->next_row(s->context, y) : s->samples + (size_t)y * width * channels_in;
    if (!in) return 0;
    switch (s->layout) {
    case REMO_SAMPLES_RGBA: memcpy(row, in, width * 4); break;
    case REMO_SAMPLES_GREY: memcpy(row, in, width); break;
    case REMO_SAMPLES_RGB_FROM_RGBA:
        for (size_t x = 0; x < width; x++) {
            row[3 * x] = in[4 * x];
            row[3 * x + 1] = in[4 * x + 1];
            row[3 * x + 2] = in[4 * x + 2];
        }
        break;
    }
    return 1;
}

/// A filtered byte's size as the heuristic counts it: as a signed difference.
static inline unsigned magnitude(uint8_t v) { return (unsigned)abs((int8_t)v); }

static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : (pb <= pc ? b : c));
}

/// Writes row `row` (with `above`, the row before it, zeros for the first) filtered by
/// `filter` into `out` (the filter's byte first) and returns the heuristic's sum. One loop
/// per filter, the first pixel apart, so that each loop is branch-free.
static unsigned long filter_row(int filter, const uint8_t *row, const uint8_t *above, size_t length, size_t bpp, uint8_t *out) {
    unsigned long sum = 0;
    out[0] = (uint8_t)filter;
    uint8_t *f = out + 1;
    size_t i = 0;
    switch (filter) {
    case FILTER_NONE:
        for (; i < length; i++) sum += magnitude(f[i] = row[i]);
        break;
    case FILTER_SUB:
        for (; i < bpp; i++) sum += magnitude(f[i] = row[i]);
        for (; i < length; i++) sum += magnitude(f[i] = (uint8_t)(row[i] - row[i - bpp]));
        break;
    case FILTER_UP:
        for (; i < length; i++) sum += magnitude(f[i] = (uint8_t)(row[i] - above[i]));
        break;
    case FILTER_AVERAGE:
        for (; i < bpp; i++) sum += magnitude(f[i] = (uint8_t)(row[i] - (above[i] >> 1)));
        for (; i < length; i++) sum += magnitude(f[i] = (uint8_t)(row[i] - ((row[i - bpp] + above[i]) >> 1)));
        break;
    default:
        for (; i < bpp; i++) sum += magnitude(f[i] = (uint8_t)(row[i] - above[i]));
        for (; i < length; i++) sum += magnitude(f[i] = (uint8_t)(row[i] - paeth(row[i - bpp], above[i], above[i - bpp])));
        break;
    }
    return sum;
}

/// Feeds `length` bytes to the stripe's stream, growing its output as needed.
static int feed(stripe *s, z_stream *z, const uint8_t *bytes, size_t length, int flush) {
    z->next_in = (Bytef *)bytes;
    z->avail_in = (uInt)length;
    for (;;) {
        if (z->avail_out == 0) {
            size_t capacity = s->capacity + s->capacity / 2 + 4096;
            uint8_t *grown = realloc(s->out, s->reserved + capacity + 8);
            if (!grown) return REMO_PNG_OUT_OF_MEMORY;
            s->out = grown;
            s->capacity = capacity;
            z->next_out = s->out + s->reserved + s->size;
            z->avail_out = (uInt)(capacity - s->size > UINT32_MAX ? UINT32_MAX : capacity - s->size);
        }
        int result = deflate(z, flush);
        s->size = (size_t)(z->next_out - (s->out + s->reserved));
        if (result == Z_STREAM_ERROR) return REMO_PNG_ERROR;
        if (flush == Z_FINISH ? result == Z_STREAM_END : (z->avail_in == 0 && z->avail_out != 0)) return REMO_PNG_OK;
    }
}

static void *compress_stripe(void *argument) {
    stripe *s = argument;
    const remo_png_samples *samples = s->samples;
    size_t bpp = channels_out(samples), length = samples->width * bpp;
    size_t raw = (size_t)(s->end_row - s->first_row) * (length + 1);
    z_stream z;
    memset(&z, 0, sizeof z);
    int fast = s->level <= 1;
    if (deflateInit2(&z, fast ? 1 : s->level, Z_DEFLATED, -15, 8, fast ? Z_RLE : Z_DEFAULT_STRATEGY) != Z_OK) {
        s->status = REMO_PNG_OUT_OF_MEMORY;
        return NULL;
    }
    // The bound is allocated, not touched: only the pages written count.
    s->capacity = deflateBound(&z, (uLong)raw) + 64;
    uint8_t *rows = malloc(2 * length + FILTER_COUNT * (length + 1));
    s->out = malloc(s->reserved + s->capacity + 8);
    if (!rows || !s->out) {
        free(rows);
        deflateEnd(&z);
        s->status = REMO_PNG_OUT_OF_MEMORY;
        return NULL;
    }
    uint8_t *above = rows, *row = rows + length, *candidates = rows + 2 * length;
    z.next_out = s->out + s->reserved;
    z.avail_out = (uInt)(s->capacity > UINT32_MAX ? UINT32_MAX : s->capacity);
    int status = REMO_PNG_OK;
    if (s->first_row == 0) memset(above, 0, length);
    else if (!take_row(samples, s->first_row - 1, above)) status = REMO_PNG_STOPPED;
    s->adler = adler32(0L, Z_NULL, 0);
    for (uint32_t y = s->first_row; y < s->end_row && status == REMO_PNG_OK; y++) {
        if (!take_row(samples, y, row)) {
            status = REMO_PNG_STOPPED;
            break;
        }
        int best = fast ? FILTER_SUB : FILTER_NONE;
        unsigned long best_sum = ~0UL;
        for (int filter = best; filter < (fast ? FILTER_AVERAGE : FILTER_COUNT); filter++) {
            unsigned long sum = filter_row(filter, row, above, length, bpp, candidates + (size_t)filter * (length + 1));
            if (sum < best_sum) {
                best_sum = sum;
                best = filter;
            }
        }
        const uint8_t *chosen = candidates + (size_t)best * (length + 1);
        s->adler = adler32(s->adler, chosen, (uInt)(length + 1));
        s->fed += length + 1;
        status = feed(s, &z, chosen, length + 1, Z_NO_FLUSH);
        uint8_t *swap = above;
        above = row;
        row = swap;
    }
    if (status == REMO_PNG_OK) status = feed(s, &z, NULL, 0, s->last ? Z_FINISH : Z_SYNC_FLUSH);
    deflateEnd(&z);
    free(rows);
    s->status = status;
    return NULL;
}

static void put32(uint8_t *at, uint32_t value) {
    at[0] = (uint8_t)(value >> 24);
    at[1] = (uint8_t)(value >> 16);
    at[2] = (uint8_t)(value >> 8);
    at[3] = (uint8_t)value;
}

int remo_png_idat_chunks(const remo_png_samples *samples, int level, remo_png_pieces *pieces) {
    size_t row_bytes = (size_t)samples->width * channels_out(samples) + 1;
    size_t raw = row_bytes * samples->height;
    size_t count;
    if (samples->next_row) {
        count = raw / STREAMED_STRIPE;
        if (count + 2 > REMO_PNG_MOST_PIECES) count = REMO_PNG_MOST_PIECES - 2;
    } else {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        size_t threads = online < 1 ? 1 : (online > MOST_THREADS ? MOST_THREADS : (size_t)online);
        count = raw / SMALLEST_STRIPE;
        if (count > threads) count = threads;
    }
    if (count < (raw + LARGEST_STRIPE - 1) / LARGEST_STRIPE) count = (raw + LARGEST_STRIPE - 1) / LARGEST_STRIPE;
    if (count < 1) count = 1;
    if (count > samples->height) count = samples->height;
    if (pieces->count + count + 1 > REMO_PNG_MOST_PIECES) return REMO_PNG_TOO_LARGE;

    stripe stripes[REMO_PNG_MOST_PIECES];
    pthread_t workers[REMO_PNG_MOST_PIECES];
    int started[REMO_PNG_MOST_PIECES];
    for (size_t i = 0; i < count; i++) {
        stripes[i] = (stripe){
            .samples = samples, .level = level,
            .first_row = (uint32_t)((uint64_t)samples->height * i / count),
            .end_row = (uint32_t)((uint64_t)samples->height * (i + 1) / count),
            .last = i + 1 == count, .reserved = i == 0 ? 10 : 8,  // length, type and, first, zlib's header
        };
        // A row source's rows come in order: its stripes are compressed in order, here.
        started[i] = i > 0 && !samples->next_row && pthread_create(&workers[i], NULL, compress_stripe, &stripes[i]) == 0;
    }
    for (size_t i = 0; i < count; i++) {
        if (started[i]) continue;
        // Once a row source has stopped, no more of its rows are asked for.
        if (samples->next_row && i > 0 && stripes[i - 1].status != REMO_PNG_OK) stripes[i].status = stripes[i - 1].status;
        else compress_stripe(&stripes[i]);
    }
    for (size_t i = 0; i < count; i++)
        if (started[i]) pthread_join(workers[i], NULL);

    int status = REMO_PNG_OK;
    for (size_t i = 0; i < count; i++)
        if (stripes[i].status != REMO_PNG_OK) status = stripes[i].status;
    if (status != REMO_PNG_OK) {
        for (size_t i = 0; i < count; i++) free(stripes[i].out);
        return status;
    }
    uLong adler = adler32(0L, Z_NULL, 0);
    for (size_t i = 0; i < count; i++) adler = adler32_combine(adler, stripes[i].adler, (z_off_t)stripes[i].fed);
    for (size_t i = 0; i < count; i++) {
        stripe *s = &stripes[i];
        uint8_t *data = s->out + 8;  // the chunk's data: after its length and type
        size_t length = s->reserved - 8 + s->size;
        if (i == 0) {
            // zlib's header: deflate, a 32 KB window, the fastest or default level, no dictionary.
            data[0] = 0x78;
            data[1] = level <= 1 ? 0x01 : 0x9c;
        }
        if (s->last) {
            put32(data + length, (uint32_t)adler);
            length += 4;
        }
        put32(s->out, (uint32_t)length);
        memcpy(s->out + 4, "IDAT", 4);
        put32(data + length, (uint32_t)crc32(crc32(0L, Z_NULL, 0), s->out + 4, (uInt)(length + 4)));
        pieces->data[pieces->count] = s->out;
        pieces->size[pieces->count] = length + 12;
        pieces->count++;
    }
    return REMO_PNG_OK;
}
