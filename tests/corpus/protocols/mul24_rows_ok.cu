// corpus-source: written from: CUDA C++ Programming Guide / CUDA Math API "__mul24", "__umul24" (24-bit multiplies), GPUVerify-style 2D indexing
// corpus-form: written
// syncproof-args: --block 32,8 --grid 1:128,1:2048 --param width=1:4096 --param height=1:16384 --param pitch=4096
// corpus-expect: correct
// 2D row scaling with 24-bit index arithmetic: row = __mul24(blockIdx.y, blockDim.y) + threadIdx.y,
// col likewise, element offset __umul24(row, pitch) + col. All operands stay far below 2^23
// (row < 16384, pitch = 4096) and the offset below 2^26, so the products are exact and each
// (row, col) with col < width maps to its own element.

__global__ void scale_rows_mul24(float* img, int width, int height, int pitch, const float* __restrict__ row_scale)
{
    const int col = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
    const int row = __mul24(blockIdx.y, blockDim.y) + threadIdx.y;
    if (col < width && row < height) {
        const unsigned int off = __umul24(row, pitch) + col;
        img[off]               = img[off] * row_scale[row];
    }
}

// The image is stored with a fixed pitch of 4096 floats per row.
void launch_scale_rows_mul24(float* d_img, int width, int height, const float* d_scale)
{
    dim3 block(32, 8);
    dim3 grid((width + 31) / 32, (height + 7) / 8);
    scale_rows_mul24<<<grid, block>>>(d_img, width, height, 4096, d_scale);
}
