# -*- Python -*-
# lit configuration for remat. Features:
#   cbc  the exact MILP solver is built (COIN-OR CBC found)
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "REMAT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.remat_obj_root, "test")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%remat_src_root", config.remat_src_root))
config.substitutions.append(("%remat_lib_dir", config.remat_lib_dir))
config.substitutions.append(("%remat_obj_root", config.remat_obj_root))
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

if config.remat_have_cbc:
    config.available_features.add("cbc")

tool_dirs = [config.remat_tools_dir, config.llvm_tools_dir]
tools = ["remat-opt"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
