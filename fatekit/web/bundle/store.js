/* fatekit page bundle of sources bd35b1d1441d9accbf6098450b374a39c5cb9479c5fa8a45ab2e936e4de5b8ae */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-EFA4HQCP.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
