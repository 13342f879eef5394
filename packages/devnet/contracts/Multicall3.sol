// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

// The subset of Multicall3 that viem and the x402 facilitator use, placed at the canonical
// 0xcA11bde05977b3631167028862bE2a173976CA11 on the local chain (a fresh anvil has none).
contract Multicall3 {
    struct Call {
        address target;
        bytes callData;
    }
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }
    struct Result {
        bool success;
        bytes returnData;
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory ret) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(ok, "Multicall3: call failed");
            returnData[i] = Result(ok, ret);
        }
    }

    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory ret) = calls[i].target.call(calls[i].callData);
            require(ok || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(ok, ret);
        }
    }

    function getEthBalance(address addr) public view returns (uint256) {
        return addr.balance;
    }

    function getBlockNumber() public view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() public view returns (uint256) {
        return block.timestamp;
    }
}
