// remat-run --target=gpu copies every result back before it frees a device
// buffer: a value returned twice, and an argument returned as it is (their
// buffers are freed once, after the copies). Over the fake driver, which
// fails copies from freed buffers as the real one does (CUDA_ERROR_INVALID_
// VALUE), and counts frees of unknown addresses.
// RUN: env REMAT_CUDA_DRIVER=%fake_cuda_driver REMAT_FAKE_CUDA_LOG=1 remat-run %s --target=gpu --seed=3 2>&1 | FileCheck %s

// CHECK: output 0: tensor<4xf32> sum [[SUM:[^ ]+]] abs-sum
// CHECK-NEXT: output 1: tensor<4xf32> sum [[SUM]] abs-sum
// CHECK-NEXT: output 2: tensor<4xf32>
// CHECK: fake-cuda: {{[0-9]+}} module(s) loaded from PTX, {{[0-9]+}} kernel launch(es), 0 B live at exit, 0 bad free(s)
func.func @twice(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %y = remat.scale %x, 2.0 : tensor<4xf32>
  return %y, %y, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
