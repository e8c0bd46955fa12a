// corpus-source: written from: CUDA C++ Programming Guide / CUDA Math API "__mul24", "__umul24" (24-bit multiplies), GPUVerify-style 2D indexing
// corpus-form: written
// syncproof-args: --block 32,8 --grid 1:512,1:65535 --param width=1:16384 --param height=1:524280 --param pitch=16384
// corpus-expect: buggy race
// The 24-bit 2D kernel on gigapixel panoramas (pitch 16384, up to 524280 rows): __umul24(row,
// pitch) returns the low 32 bits of the 48-bit product, so row 2^18 gives 2^32 -> offset 0, and
// thread (row 2^18, col c) updates img[c] like thread (row 0, col c): two blocks do an
// unsynchronised read-modify-write of one element (row 2^18 + r aliases row r).

__global__ void scale_rows_mul24(float* img, int width, int height, int pitch, const float* __restrict__ row_scale)
{
    const int col = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
    const int row = __mul24(blockIdx.y, blockDim.y) + threadIdx.y;
    if (col < width && row < height) {
        const unsigned int off = __umul24(row, pitch) + col;
        img[off]               = img[off] * row_scale[row]; // corpus-bug
    }
}

// The panorama is stored with a fixed pitch of 16384 floats per row.
void launch_scale_rows_mul24(float* d_img, int width, int height, const float* d_scale)
{
    dim3 block(32, 8);
    dim3 grid((width + 31) / 32, (height + 7) / 8);
    scale_rows_mul24<<<grid, block>>>(d_img, width, height, 16384, d_scale);
}
