#include "remo_colour.h"

#include <stdio.h>

#include <lcms2.h>

static void say(char *message, size_t size, const char *text) {
    if (message && size) snprintf(message, size, "%s", text);
}

// Display P3 as Apple defines it: the P3 primaries with a D65 white point and the sRGB
// curve (IEC 61966-2-1: a linear segment below 0.04045, then a 2.4 power).
static cmsHPROFILE display_p3(cmsContext context) {
    cmsCIExyY white = {0.3127, 0.3290, 1.0};
    cmsCIExyYTRIPLE primaries = {{0.680, 0.320, 1.0}, {0.265, 0.690, 1.0}, {0.150, 0.060, 1.0}};
    cmsFloat64Number srgb_curve[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(context, 4, srgb_curve);
    if (!curve) return NULL;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
    cmsFreeToneCurve(curve);
    return profile;
}

int remo_colour_to_srgb(const uint8_t *icc, size_t icc_length, uint8_t *rgba, size_t pixel_count, char *message,
                        size_t message_size) {
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) {
        say(message, message_size, "Little CMS could not start (out of memory)");
        return REMO_COLOUR_UNUSABLE;
    }
    int status = REMO_COLOUR_UNUSABLE;
    cmsHTRANSFORM transform = NULL;
    cmsHPROFILE source = icc ? cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)icc_length) : display_p3(context);
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    if (!source) {
        say(message, message_size, "the ICC profile cannot be read");
    } else if (cmsGetColorSpace(source) != cmsSigRgbData) {
        say(message, message_size, "the ICC profile is not an RGB profile");
    } else if (!srgb) {
        say(message, message_size, "Little CMS could not make the sRGB profile");
    } else {
        transform = cmsCreateTransformTHR(context, source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_RELATIVE_COLORIMETRIC,
                                          cmsFLAGS_COPY_ALPHA);
        if (!transform) say(message, message_size, "Little CMS cannot convert from this ICC profile to sRGB");
    }
    if (transform) {
        // In slices, so that the count fits Little CMS's 32-bit pixel count.
        const size_t slice = 1u << 24;
        for (size_t done = 0; done < pixel_count; done += slice) {
            size_t count = pixel_count - done < slice ? pixel_count - done : slice;
            cmsDoTransform(transform, rgba + done * 4, rgba + done * 4, (cmsUInt32Number)count);
        }
        cmsDeleteTransform(transform);
        status = REMO_COLOUR_CONVERTED;
    }
    if (srgb) cmsCloseProfile(srgb);
    if (source) cmsCloseProfile(source);
    cmsDeleteContext(context);
    return status;
}
