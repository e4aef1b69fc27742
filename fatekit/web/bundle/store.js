/* fatekit page bundle of sources 98e391aa9d2367c4cf61482a0e491e64346be4d59e203d176c1aa19f2cc98021 */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j}from"./chunk-IK4CFLOU.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
