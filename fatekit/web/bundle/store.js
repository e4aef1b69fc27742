/* fatekit page bundle of sources 8aa93f37ccd1a2398b6517195b0c3d847ad493aa60302d8370638e9b2da57248 */
import{F as a,G as b,H as c,I as d,J as e,K as f,L as g,M as h,N as i,O as j}from"./chunk-CRFN6ZWR.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
