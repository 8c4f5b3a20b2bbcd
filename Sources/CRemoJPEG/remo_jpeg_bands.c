// A JPEG with restart markers, decoded in horizontal bands, one thread per band.
//
// Why: a JPEG's entropy-coded data is one serial chain (each block's DC coefficient is
// coded as a difference from the one before), so libjpeg-turbo decodes it on one core,
// and at the reduced DCT scales that `prepare` uses the chain is nearly all of the time
// (28 ms of a 12-megapixel photo at 1/8). A restart marker ends the chain: after RSTn the
// differences start afresh. The data from a marker that begins a row of MCUs to one that
// begins a later row is therefore, behind the file's own header with the frame's height
// changed to the band's, a JPEG of its own. Each band is decoded by libjpeg-turbo as such
// a JPEG, into its rows of the output. This file only finds the markers and lays the
// pieces end to end; the decoding, the tables and every check are libjpeg-turbo's.
//
// A band's pixels equal the same rows of the whole decode only if no output row depends
// on rows across the band's edge. libjpeg-turbo's smoothing ("fancy") upsampling of
// vertically subsampled chroma at full size does; at the reduced scales chroma is scaled
// by its inverse DCT instead (djpeg gives the same pixels with and without -nosmooth
// there). So bands are used at 1/2, 1/4 and 1/8, and at full size only without vertical
// subsampling. Anything else (no markers, a marker out of sequence, another scan, a
// progressive or arithmetic-coded file, a warning, a band of an unexpected size) returns
// REMO_JPEG_NOT_SPLIT before any output or with the output unfinished, and the caller
// decodes the whole file as before: a damaged file gets exactly the whole decode's result.

#include "remo_jpeg.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "remo_jpeg_errors.h"

#include <jerror.h>

#define MOST_BANDS 16

/// What the markers before the scan say, with where the frame's height and the scan's data are.
typedef struct {
    uint32_t width, height;
    size_t height_at;           // the frame header's 16-bit height
    size_t data_at;             // the first byte of entropy-coded data, after the scan header
    uint32_t restart_interval;  // MCUs between restart markers
    uint32_t mcu_width, mcu_height;
    int vertically_subsampled;
} layout;

static uint32_t get16(const uint8_t *at) { return (uint32_t)at[0] << 8 | at[1]; }

/// Reads the markers up to the first scan; 0 unless the file is a Huffman-coded sequential
/// JPEG of one or three components, with a restart interval, whose first scan holds every
/// component.
static int read_layout(const uint8_t *data, size_t size, layout *out) {
    memset(out, 0, sizeof *out);
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
    size_t at = 2;
    int components = 0;
    uint32_t most_h = 0, most_v = 0, least_v = 4;
    for (;;) {
        if (at >= size || data[at] != 0xFF) return 0;
        while (at < size && data[at] == 0xFF) at++;  // fill bytes
        if (at + 3 > size) return 0;
        uint8_t code = data[at++];
        // Markers that stand alone (no length) have no place before the first scan.
        if (code == 0x00 || code == 0x01 || (code >= 0xD0 && code <= 0xD9)) return 0;
        size_t length = get16(data + at);
        if (length < 2 || length > size - at) return 0;
        const uint8_t *body = data + at + 2;
        size_t body_length = length - 2;
        if (code == 0xC0 || code == 0xC1) {  // baseline or extended sequential, Huffman-coded
            if (components || body_length < 6 || body[0] != 8) return 0;
            out->height = get16(body + 1);
            out->width = get16(body + 3);
            components = body[5];
            if (!out->width || !out->height || (components != 1 && components != 3)) return 0;
            if (body_length < 6 + 3 * (size_t)components) return 0;
            for (int c = 0; c < components; c++) {
                uint32_t h = body[7 + 3 * c] >> 4, v = body[7 + 3 * c] & 15;
                if (h < 1 || h > 4 || v < 1 || v > 4) return 0;
                if (h > most_h) most_h = h;
                if (v > most_v) most_v = v;
                if (v < least_v) least_v = v;
            }
            out->height_at = at + 3;
        } else if (code >= 0xC2 && code <= 0xCF && code != 0xC4 && code != 0xC8 && code != 0xCC) {
            return 0;  // progressive, lossless, hierarchical or arithmetic-coded
        } else if (code == 0xDD) {
            if (body_length != 2) return 0;
            out->restart_interval = get16(body);
        } else if (code == 0xDA) {
            if (!components || body_length < 1 || body[0] != components) return 0;
            out->data_at = at + length;
            break;
        }
        at += length;
    }
    if (!out->restart_interval) return 0;
    // One component is coded block by block, whatever its sampling factors.
    out->mcu_width = components == 1 ? 8 : 8 * most_h;
    out->mcu_height = components == 1 ? 8 : 8 * most_v;
    out->vertically_subsampled = least_v != most_v;
    return 1;
}

/// A band's source: its pieces (the header up to the frame's height, the band's height,
/// the rest of the header, the band's data and an end-of-image marker) in turn.
typedef struct {
    struct jpeg_source_mgr pub;
    const uint8_t *pieces[5];
    size_t sizes[5];
    int next;
    int shift;  // the band's first restart marker's number, to subtract from each
} band_source;

static void band_init_source(j_decompress_ptr cinfo) { (void)cinfo; }
static void band_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean band_fill_input_buffer(j_decompress_ptr cinfo) {
    band_source *source = (band_source *)cinfo->src;
    while (source->next < 5 && source->sizes[source->next] == 0) source->next++;
    if (source->next == 5) ERREXIT(cinfo, JERR_INPUT_EOF);  // the pieces end with EOI: not reached in a good band
    source->pub.next_input_byte = source->pieces[source->next];
    source->pub.bytes_in_buffer = source->sizes[source->next];
    source->next++;
    return TRUE;
}

static void band_skip_input_data(j_decompress_ptr cinfo, long count) {
    while (count > 0) {
        if (cinfo->src->bytes_in_buffer == 0) band_fill_input_buffer(cinfo);
        size_t step = (size_t)count < cinfo->src->bytes_in_buffer ? (size_t)count : cinfo->src->bytes_in_buffer;
        cinfo->src->next_input_byte += step;
        cinfo->src->bytes_in_buffer -= step;
        count -= (long)step;
    }
}

// libjpeg expects a scan's markers numbered from RST0; a band's are numbered from its
// first segment's. A marker `shift` ahead of the one expected is the one expected; any
// other goes to libjpeg's own resynchronisation, whose warning fails the band.
static boolean band_resync_to_restart(j_decompress_ptr cinfo, int desired) {
    band_source *source = (band_source *)cinfo->src;
    if (cinfo->unread_marker == (int)JPEG_RST0 + ((desired + source->shift) & 7)) {
        cinfo->unread_marker = 0;
        return TRUE;
    }
    return jpeg_resync_to_restart(cinfo, desired);
}

// Any warning (corrupt data, a marker out of place) fails the band: the whole decode then
// gives the file's result, with libjpeg's own recovery.
static void band_emit_message(j_common_ptr cinfo, int level) {
    if (level == -1) ERREXIT(cinfo, JERR_BAD_DCT_COEF);  // a stand-in: the band's message is never shown
}

typedef struct {
    const uint8_t *data;
    const layout *layout;
    size_t from, to;          // the band's entropy-coded data
    int shift;
    uint32_t stored_rows;     // of the full-size image
    int scale_denominator, channels;
    uint8_t *out;             // the band's first output row
    uint32_t width, rows;     // the output the band must give
    int ok;
} band;

static void *decode_band(void *argument) {
    band *b = argument;
    b->ok = 0;
    struct jpeg_decompress_struct cinfo;
    remo_error_mgr err;
    band_source source;
    uint8_t height[2] = {(uint8_t)(b->stored_rows >> 8), (uint8_t)b->stored_rows};
    static const uint8_t end_of_image[2] = {0xFF, 0xD9};
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = remo_jpeg_error_exit;
    err.pub.emit_message = band_emit_message;
    err.pub.output_message = remo_jpeg_output_message;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return NULL;
    }
    jpeg_create_decompress(&cinfo);
    memset(&source, 0, sizeof source);
    source.pub.init_source = band_init_source;
    source.pub.fill_input_buffer = band_fill_input_buffer;
    source.pub.skip_input_data = band_skip_input_data;
    source.pub.resync_to_restart = band_resync_to_restart;
    source.pub.term_source = band_term_source;
    source.pieces[0] = b->data;
    source.sizes[0] = b->layout->height_at;
    source.pieces[1] = height;
    source.sizes[1] = 2;
    source.pieces[2] = b->data + b->layout->height_at + 2;
    source.sizes[2] = b->layout->data_at - b->layout->height_at - 2;
    source.pieces[3] = b->data + b->from;
    source.sizes[3] = b->to - b->from;
    source.pieces[4] = end_of_image;
    source.sizes[4] = 2;
    source.shift = b->shift;
    cinfo.src = &source.pub;
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = remo_jpeg_output_space(b->channels);
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)b->scale_denominator;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != b->width || cinfo.output_height != b->rows) {
        jpeg_destroy_decompress(&cinfo);
        return NULL;
    }
    size_t row_bytes = (size_t)b->width * (size_t)b->channels;
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[16];
        JDIMENSION count = cinfo.output_height - cinfo.output_scanline;
        if (count > 16) count = 16;
        for (JDIMENSION r = 0; r < count; r++) rows[r] = b->out + (size_t)(cinfo.output_scanline + r) * row_bytes;
        jpeg_read_scanlines(&cinfo, rows, count);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    b->ok = 1;
    return NULL;
}

int remo_jpeg_decode_bands(const uint8_t *data, size_t size, int scale_denominator, int channels, int most_bands, uint8_t *out,
                           uint32_t width, uint32_t height) {
    layout l;
    if (!read_layout(data, size, &l)) return REMO_JPEG_NOT_SPLIT;
    if (scale_denominator != 1 && scale_denominator != 2 && scale_denominator != 4 && scale_denominator != 8) return REMO_JPEG_NOT_SPLIT;
    if (scale_denominator == 1 && l.vertically_subsampled) return REMO_JPEG_NOT_SPLIT;
    if (channels != 1 && channels != 4) return REMO_JPEG_NOT_SPLIT;
    if (most_bands > MOST_BANDS) most_bands = MOST_BANDS;
    uint64_t mcus_per_row = (l.width + l.mcu_width - 1) / l.mcu_width;
    uint64_t mcu_rows = (l.height + l.mcu_height - 1) / l.mcu_height;
    uint64_t segments = (mcus_per_row * mcu_rows + l.restart_interval - 1) / l.restart_interval;

    // A band may start only at a segment that starts a row: every `period` segments, which
    // span `period_rows` rows of MCUs.
    uint64_t a = mcus_per_row, b = l.restart_interval;
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    uint64_t period = mcus_per_row / a, period_rows = l.restart_interval / a;
    // Each band's first segment, and one past the last band.
    uint64_t first[MOST_BANDS + 1];
    int bands = 0;
    first[bands++] = 0;
    for (int k = 1; k < most_bands; k++) {
        uint64_t wanted = mcu_rows * (uint64_t)k / (uint64_t)most_bands;
        uint64_t start = (wanted + period_rows / 2) / period_rows * period;
        if (start > first[bands - 1] && start < segments) first[bands++] = start;
    }
    if (bands < 2) return REMO_JPEG_NOT_SPLIT;
    first[bands] = segments;

    // Where each band's data starts and ends: found by walking the markers of the scan,
    // which must be RST0, RST1, ... RST7, RST0, ... one between each two segments, then EOI.
    size_t from[MOST_BANDS + 1], to[MOST_BANDS + 1];
    from[0] = l.data_at;
    uint64_t found = 0;
    int next_band = 1;
    size_t at = l.data_at;
    for (;;) {
        const uint8_t *ff = at < size ? memchr(data + at, 0xFF, size - at) : NULL;
        if (!ff) return REMO_JPEG_NOT_SPLIT;  // no end-of-image marker: the whole decode says what is wrong
        size_t marker = (size_t)(ff - data), code_at = marker + 1;
        while (code_at < size && data[code_at] == 0xFF) code_at++;
        if (code_at >= size) return REMO_JPEG_NOT_SPLIT;
        uint8_t code = data[code_at];
        at = code_at + 1;
        if (code == 0x00) continue;  // a stuffed 0xFF byte of data
        if (code >= 0xD0 && code <= 0xD7) {
            if (found + 1 >= segments || code - 0xD0 != (int)(found & 7)) return REMO_JPEG_NOT_SPLIT;
            found++;
            if (next_band < bands && found == first[next_band]) {
                to[next_band - 1] = marker;
                from[next_band++] = at;
            }
            continue;
        }
        if (code != 0xD9 || found + 1 != segments) return REMO_JPEG_NOT_SPLIT;
        to[bands - 1] = marker;
        break;
    }

    band work[MOST_BANDS];
    pthread_t threads[MOST_BANDS];
    int started[MOST_BANDS];
    size_t row_bytes = (size_t)width * (size_t)channels;
    for (int i = 0; i < bands; i++) {
        uint64_t first_row = first[i] * l.restart_interval / mcus_per_row * l.mcu_height;
        uint64_t end_row = i + 1 < bands ? first[i + 1] * l.restart_interval / mcus_per_row * l.mcu_height : l.height;
        uint32_t out_first = (uint32_t)(first_row / (uint64_t)scale_denominator);
        uint32_t out_end = (uint32_t)((end_row + (uint64_t)scale_denominator - 1) / (uint64_t)scale_denominator);
        if (out_end > height) return REMO_JPEG_NOT_SPLIT;
        work[i] = (band){
            .data = data, .layout = &l, .from = from[i], .to = to[i], .shift = (int)(first[i] & 7),
            .stored_rows = (uint32_t)(end_row - first_row), .scale_denominator = scale_denominator, .channels = channels,
            .out = out + (size_t)out_first * row_bytes, .width = width, .rows = out_end - out_first,
        };
    }
    if ((uint64_t)work[bands - 1].rows + (uint64_t)(work[bands - 1].out - out) / row_bytes != height) return REMO_JPEG_NOT_SPLIT;
    for (int i = 1; i < bands; i++) started[i] = pthread_create(&threads[i], NULL, decode_band, &work[i]) == 0;
    decode_band(&work[0]);
    for (int i = 1; i < bands; i++) {
        if (started[i]) pthread_join(threads[i], NULL);
        else decode_band(&work[i]);
    }
    for (int i = 0; i < bands; i++)
        if (!work[i].ok) return REMO_JPEG_NOT_SPLIT;
    return REMO_JPEG_OK;
}
