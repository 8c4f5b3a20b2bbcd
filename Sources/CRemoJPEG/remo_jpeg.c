#include "remo_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

// libjpeg reports errors through its error manager; ours formats the message and
// longjmps back to the setjmp of the function that called libjpeg.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} remo_error_mgr;

static void remo_error_exit(j_common_ptr cinfo) {
    remo_error_mgr *err = (remo_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

// Warnings are ignored (a few extraneous bytes are common in real files), except image
// data that ends early, whether the file ends (JWRN_JPEG_EOF) or a marker comes where data
// was due (JWRN_HIT_MARKER: a file cut short and closed with an end-of-image marker):
// libjpeg would fill the rest with grey and carry on.
static void remo_emit_message(j_common_ptr cinfo, int level) {
    if (level == -1 && (cinfo->err->msg_code == JWRN_JPEG_EOF || cinfo->err->msg_code == JWRN_HIT_MARKER)) {
        remo_error_mgr *err = (remo_error_mgr *)cinfo->err;
        snprintf(err->message, sizeof err->message, "the JPEG data ends early (truncated file)");
        longjmp(err->jump, 1);
    }
}

static void remo_output_message(j_common_ptr cinfo) { (void)cinfo; }

// Called as the input is consumed: refuses progressive files with too many scans.
static void remo_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    unsigned long long pixels = (unsigned long long)d->image_width * d->image_height;
    unsigned long long allowed = pixels ? REMO_JPEG_MAX_SCAN_PIXELS / pixels : REMO_JPEG_MAX_SCANS;
    if (allowed > REMO_JPEG_MAX_SCANS) allowed = REMO_JPEG_MAX_SCANS;
    if ((unsigned long long)d->input_scan_number > allowed) {
        remo_error_mgr *err = (remo_error_mgr *)cinfo->err;
        snprintf(err->message, sizeof err->message, "the progressive JPEG has more than %llu scans, the most for its size", allowed);
        longjmp(err->jump, 1);
    }
}

static void copy_message(char *to, size_t size, const char *from) {
    if (to && size) snprintf(to, size, "%s", from);
}

static void setup(struct jpeg_decompress_struct *cinfo, remo_error_mgr *err, struct jpeg_progress_mgr *progress) {
    cinfo->err = jpeg_std_error(&err->pub);
    err->pub.error_exit = remo_error_exit;
    err->pub.emit_message = remo_emit_message;
    err->pub.output_message = remo_output_message;
    err->message[0] = 0;
    jpeg_create_decompress(cinfo);
    // A bound on libjpeg's own memory (the coefficients of a progressive file are held
    // whole): 1 GiB is above any image under the pixel limit.
    cinfo->mem->max_memory_to_use = 1L << 30;
    progress->progress_monitor = remo_progress;
    cinfo->progress = progress;
}

int remo_jpeg_header(const uint8_t *data, size_t size, remo_jpeg_info *info, char *message, size_t message_size) {
    memset(info, 0, sizeof *info);
    struct jpeg_decompress_struct cinfo;
    remo_error_mgr err;
    struct jpeg_progress_mgr progress;
    setup(&cinfo, &err, &progress);
    if (setjmp(err.jump)) {
        copy_message(message, message_size, err.message);
        jpeg_destroy_decompress(&cinfo);
        remo_jpeg_free_info(info);
        return REMO_JPEG_ERROR;
    }
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    info->width = cinfo.image_width;
    info->height = cinfo.image_height;
    info->components = cinfo.num_components;
    info->cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    info->adobe_inverted = cinfo.saw_Adobe_marker;
    info->progressive = cinfo.progressive_mode;
    for (jpeg_saved_marker_ptr m = cinfo.marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length > 6 && memcmp(m->data, "Exif\0\0", 6) == 0) {
            info->exif = malloc(m->data_length - 6);
            if (!info->exif) break;
            memcpy(info->exif, m->data + 6, m->data_length - 6);
            info->exif_length = m->data_length - 6;
            break;
        }
    }
    JOCTET *icc = NULL;
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(&cinfo, &icc, &icc_length)) {
        info->icc = icc;
        info->icc_length = icc_length;
    }
    jpeg_destroy_decompress(&cinfo);
    return REMO_JPEG_OK;
}

// One row of CMYK (or converted YCCK) samples to luma or RGBA. Adobe's files store the
// samples inverted (255 means no ink); others store ink amounts.
static void cmyk_row(const uint8_t *cmyk, uint8_t *out, uint32_t width, int channels, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        int c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        int r = c * k / 255, g = m * k / 255, b = y * k / 255;
        if (channels == 1) {
            out[x] = (uint8_t)((77 * r + 150 * g + 29 * b + 128) >> 8);
        } else {
            out[4 * x] = (uint8_t)r;
            out[4 * x + 1] = (uint8_t)g;
            out[4 * x + 2] = (uint8_t)b;
            out[4 * x + 3] = 255;
        }
    }
}

// A decompression in progress: libjpeg's state, its error manager (whose jump buffer each
// call that enters libjpeg sets afresh) and the row buffer CMYK goes through.
struct remo_jpeg_reader {
    struct jpeg_decompress_struct cinfo;
    remo_error_mgr err;
    struct jpeg_progress_mgr progress;
    int channels;
    int cmyk;
    int inverted;
    int failed;              // an error was reported: libjpeg's state is undefined from then on
    int finished;            // every row was read and jpeg_finish_decompress checked the end
    uint8_t *cmyk_row;       // one row of CMYK samples, when the file is CMYK or YCCK
};

void remo_jpeg_close(remo_jpeg_reader *reader) {
    if (!reader) return;
    jpeg_destroy_decompress(&reader->cinfo);
    free(reader->cmyk_row);
    free(reader);
}

int remo_jpeg_open(const uint8_t *data, size_t size, uint64_t max_pixels, int scale_denominator, int channels,
                   remo_jpeg_reader **opened, uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    *opened = NULL;
    if (channels != 1 && channels != 4) {
        copy_message(message, message_size, "channels must be 1 or 4");
        return REMO_JPEG_ERROR;
    }
    remo_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (!reader) {
        copy_message(message, message_size, "out of memory");
        return REMO_JPEG_OUT_OF_MEMORY;
    }
    setup(&reader->cinfo, &reader->err, &reader->progress);
    if (setjmp(reader->err.jump)) {
        copy_message(message, message_size, reader->err.message);
        remo_jpeg_close(reader);
        return REMO_JPEG_ERROR;
    }
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    if ((uint64_t)cinfo->image_width * cinfo->image_height > max_pixels) {
        snprintf(message, message_size, "the JPEG is %u x %u pixels, over the limit of %llu", cinfo->image_width,
                 cinfo->image_height, (unsigned long long)max_pixels);
        remo_jpeg_close(reader);
        return REMO_JPEG_TOO_LARGE;
    }
    reader->channels = channels;
    reader->cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    reader->inverted = cinfo->saw_Adobe_marker;
    if (reader->cmyk) {
        cinfo->out_color_space = JCS_CMYK;
    } else if (cinfo->num_components == 1 || cinfo->num_components == 3) {
        cinfo->out_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_EXT_RGBA;
    } else {
        snprintf(message, message_size, "a JPEG with %d components is not supported", cinfo->num_components);
        remo_jpeg_close(reader);
        return REMO_JPEG_ERROR;
    }
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned int)(scale_denominator == 2 || scale_denominator == 4 || scale_denominator == 8 ? scale_denominator : 1);
    jpeg_start_decompress(cinfo);
    if (reader->cmyk && !(reader->cmyk_row = malloc((size_t)cinfo->output_width * 4))) {
        copy_message(message, message_size, "out of memory");
        remo_jpeg_close(reader);
        return REMO_JPEG_OUT_OF_MEMORY;
    }
    *width = cinfo->output_width;
    *height = cinfo->output_height;
    *opened = reader;
    return REMO_JPEG_OK;
}

int remo_jpeg_read_rows(remo_jpeg_reader *reader, uint8_t *out, uint32_t rows, char *message, size_t message_size) {
    if (reader->failed) {
        copy_message(message, message_size, "an earlier error stopped the decoding");
        return REMO_JPEG_ERROR;
    }
    if (setjmp(reader->err.jump)) {
        reader->failed = 1;
        copy_message(message, message_size, reader->err.message);
        return REMO_JPEG_ERROR;
    }
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    size_t row_bytes = (size_t)cinfo->output_width * (size_t)reader->channels;
    for (uint32_t r = 0; r < rows && cinfo->output_scanline < cinfo->output_height; r++) {
        uint8_t *row = out + r * row_bytes;
        JSAMPROW target = reader->cmyk ? reader->cmyk_row : row;
        jpeg_read_scanlines(cinfo, &target, 1);
        if (reader->cmyk) cmyk_row(reader->cmyk_row, row, cinfo->output_width, reader->channels, reader->inverted);
    }
    if (cinfo->output_scanline == cinfo->output_height && !reader->finished) {
        jpeg_finish_decompress(cinfo);
        reader->finished = 1;
    }
    return REMO_JPEG_OK;
}

void remo_jpeg_free_info(remo_jpeg_info *info) {
    free(info->exif);
    free(info->icc);
    info->exif = NULL;
    info->icc = NULL;
    info->exif_length = 0;
    info->icc_length = 0;
}

int remo_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height, int quality, uint8_t **output, size_t *output_size, char *message, size_t message_size) {
    *output = NULL;
    *output_size = 0;
    struct jpeg_compress_struct cinfo;
    remo_error_mgr err;
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = remo_error_exit;
    err.pub.output_message = remo_output_message;
    err.message[0] = 0;
    // Volatile: read after a longjmp.
    unsigned char *volatile buffer = NULL;
    unsigned long volatile buffer_size = 0;
    if (setjmp(err.jump)) {
        copy_message(message, message_size, err.message);
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return REMO_JPEG_ERROR;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, (unsigned long *)&buffer_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    // Huffman tables made for this image: a few percent smaller for little time.
    cinfo.optimize_coding = TRUE;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *output = buffer;
    *output_size = buffer_size;
    return REMO_JPEG_OK;
}

void remo_jpeg_free_buffer(uint8_t *buffer) { free(buffer); }
